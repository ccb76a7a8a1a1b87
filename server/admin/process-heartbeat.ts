import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, Queryable } from '../db/database.ts';
import { startIntervalWorker } from '../db/claim-loop.ts';

/** This process, as the administration screens name it: host, pid and a nonce (a pid is reused after a restart). */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
const STARTED_AT = new Date().toISOString();

/** A process not heard from for this long is gone (crashed or stopped without saying so): its row is deleted. */
export const PROCESS_GONE_AFTER_SECONDS = 60;

/** Writes this process's row (its open WebSocket connections now) and deletes the rows of processes gone. */
export async function beatProcess(db: Queryable, sockets: number): Promise<void> {
  await db.query(
    `insert into server_processes (process_id, host, pid, started_at, sockets, seen_at) values ($1, $2, $3, $4, $5, now())
     on conflict (process_id) do update set sockets = excluded.sockets, seen_at = now()`,
    [PROCESS_ID, hostname(), process.pid, STARTED_AT, sockets],
  );
  await db.query('delete from server_processes where seen_at < now() - make_interval(secs => $1)', [PROCESS_GONE_AFTER_SECONDS]);
}

/** Beats every `intervalMs` (15 s by default); the returned function stops and removes this process's row. */
export function startProcessHeartbeat(db: Database, sockets: () => number, intervalMs = 15_000): () => Promise<void> {
  const stop = startIntervalWorker('process heartbeat', () => beatProcess(db, sockets()), intervalMs);
  return async () => {
    await stop();
    await db.query('delete from server_processes where process_id = $1', [PROCESS_ID]).catch(() => undefined);
  };
}
