import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL server of a test's own: stopped, started and restarted at will, removed at the end. */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres (trust authentication). */
  url: string;
  /** `pg_ctl stop -m fast`: open connections are terminated (57P01), new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`, waiting until it accepts connections again. */
  restart(): Promise<void>;
  /** Stops the server (immediately) and removes its folder; safe to call more than once. */
  close(): Promise<void>;
}

/** Debian's PostgreSQL binaries (the newest major version installed), or undefined when there are none. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest && join(root, newest, 'bin');
}

/** A port free on loopback now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * initdb's a throwaway cluster in a temporary folder and starts it on a free loopback port (its
 * Unix socket in the same folder, trust authentication, fsync off: it is thrown away). PostgreSQL
 * refuses to run as root, so as root the binaries run as the `postgres` user, who owns the folder.
 * Whatever fails after the folder is made removes it again.
 */
export async function startPrivatePostgres(bin = postgresBinaries()): Promise<PrivatePostgres> {
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { cwd: dir }) : run(join(bin, name), args, { cwd: dir });
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`;
  const ctl = (action: string, ...args: string[]) => tool('pg_ctl', [action, '-D', data, '-w', '-t', '60', ...args]);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await ctl('stop', '-m', 'immediate').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    await ctl('start', '-o', options, '-l', join(dir, 'log'));
  } catch (err) {
    await close();
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => void (await ctl('stop', '-m', 'fast')),
    start: async () => void (await ctl('start', '-o', options, '-l', join(dir, 'log'))),
    restart: async () => void (await ctl('restart', '-m', 'fast', '-o', options, '-l', join(dir, 'log'))),
    close,
  };
}
