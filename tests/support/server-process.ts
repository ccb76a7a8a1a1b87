import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database } from '../../server/db/database.ts';
import { freshDatabase } from './backends.ts';

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

/**
 * Runs `work` with server processes on a fresh PostgreSQL schema (TEST_DATABASE_URL): `start`
 * adds one; every process is stopped and the schema dropped afterwards. Without TEST_DATABASE_URL
 * it says why it skipped `name` and returns undefined (several processes need a database server).
 */
export async function withServerProcesses<T>(
  name: string,
  work: (ctx: { db: Database; start(): Promise<ServerProcess> }) => Promise<T>,
): Promise<T | undefined> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(`${name}: skipped (needs TEST_DATABASE_URL: several processes share a PostgreSQL)`);
    return undefined;
  }
  const { db, drop, url } = await freshDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-processes-'));
  const servers: ServerProcess[] = [];
  try {
    return await work({ db, start: async () => servers[servers.push(await startServerProcess(url!, dataDir)) - 1]! });
  } finally {
    for (const s of servers) await s.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
