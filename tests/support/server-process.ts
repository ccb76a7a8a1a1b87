import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Ends the process (SIGTERM: it closes its server and database) and waits for it. */
  stop(): Promise<void>;
}

/** Starts a server process (server-child.ts) on the database at `url`; resolves with its address once it listens. */
export function startServerProcess(url: string, dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server-child.ts'), url, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const ended = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await ended;
  };
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server process exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) done({ child, base: (JSON.parse(line) as { url: string }).url, stop });
    });
  });
}
