import { spawn } from 'node:child_process';

/**
 * PostgreSQL's own tools, run as child processes: pg_dump writes the custom format (compressed,
 * one consistent snapshot however long it runs), pg_restore reads it back in one transaction.
 * The password goes in PGPASSWORD, never on the command line other users' `ps` shows.
 */

/** A tool failed or is missing: its first lines of complaint. */
export class PgToolError extends Error {}

/** Bytes of a tool's complaints kept for the error (its last ones). */
const STDERR_KEPT = 4096;

/** The URL without its password, and the environment carrying the password instead. */
export function connectionOf(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs `tool` with `args`; resolves when it exits 0, rejects with its complaint otherwise. */
function run(tool: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      fail(new PgToolError(err.code === 'ENOENT' ? `${tool} is not installed (PostgreSQL's client tools are needed with DATABASE_URL)` : `${tool}: ${err.message}`)),
    );
    child.once('close', (code) => (code === 0 ? done() : fail(new PgToolError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(0, 3).join(' | ')}`))));
  });
}

/** Dumps the database in the custom format to `file`. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connectionOf(databaseUrl);
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], env);
}

/** Restores a custom-format dump into the database, replacing what it holds, all or nothing. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connectionOf(databaseUrl);
  return run('pg_restore', ['--single-transaction', '--exit-on-error', '--clean', '--if-exists', '--no-owner', '--no-privileges', `--dbname=${url}`, file], env);
}
