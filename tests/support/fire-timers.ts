import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');

interface TimerProcess {
  /** Settles once the process has opened the database and waits for the go. */
  ready: Promise<void>;
  /** How many records it moved. */
  fired: Promise<number>;
}

/** One server process firing due timers (tests/support/fire-timers-process.ts), started on `go`. */
function timerProcess(url: string, go: string, declarations?: 'portal'): TimerProcess {
  let ready!: () => void;
  const readyPromise = new Promise<void>((r) => (ready = r));
  const fired = new Promise<number>((done, fail) => {
    const args = ['--import', 'tsx', 'tests/support/fire-timers-process.ts', url, go, ...(declarations ? [declarations] : [])];
    const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"ready"')) ready();
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done((JSON.parse(out.trim().split('\n').pop()!) as { fired: number }).fired) : fail(new Error(`exit ${code}: ${out}`))));
  });
  // A process that dies before it is ready must not leave the caller waiting for it.
  fired.then(ready, ready);
  return { ready: readyPromise, fired };
}

/**
 * Two server processes on one PostgreSQL firing the due timers together: both are started, the
 * go is given once both say they are ready (however slow the machine is to start them), and the
 * answer is how many records each moved.
 */
export async function fireWithTwoProcesses(url: string, declarations?: 'portal'): Promise<number[]> {
  mkdirSync(join(repo, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(repo, '.tmp', 'timers-'));
  try {
    const go = join(dir, 'go');
    const processes = [timerProcess(url, go, declarations), timerProcess(url, go, declarations)];
    await Promise.all(processes.map((p) => p.ready));
    writeFileSync(go, '');
    return await Promise.all(processes.map((p) => p.fired));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
