import type { Queryable } from '../db/database.ts';

/** Keeps client error entries (SPEC §3), each field as sent; the user when the client had a session. */
export async function insertErrorLogs(db: Queryable, userId: string | null, entries: readonly Record<string, unknown>[]): Promise<void> {
  for (const e of entries) {
    await db.query('insert into error_logs (user_id, url, time, type, message, stack, info) values ($1, $2, $3, $4, $5, $6, $7::jsonb)', [
      userId,
      e.url ?? null,
      e.time ?? null,
      e.type ?? null,
      e.message ?? null,
      e.stack ?? null,
      e.info === undefined ? null : JSON.stringify(e.info),
    ]);
  }
}
