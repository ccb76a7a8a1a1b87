import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

/** One exchange with the regulator (migration 032), logged in the effect's transaction. */
export interface FilingExchange {
  filingId: string;
  idempotencyKey: string;
  /** `submit` (a call), `refusedBeforeCall` (credentials missing or expired: nothing sent), `retry` (a transient failure). */
  kind: 'submit' | 'refusedBeforeCall' | 'retry';
  request: string;
  response: string;
  ok: boolean;
  /** `accepted`, a `SyncFailure`, or `transient`. */
  outcome: string;
}

export interface FilingExchangeRow extends FilingExchange {
  id: number;
  at: string;
}

export async function logFilingExchange(tx: Queryable, e: FilingExchange): Promise<void> {
  await tx.query(
    'insert into efiling_exchanges (filing_id, idempotency_key, kind, request, response, ok, outcome) values ($1, $2, $3, $4, $5, $6, $7)',
    [e.filingId, e.idempotencyKey, e.kind, e.request.slice(0, 20_000), e.response.slice(0, 20_000), e.ok, e.outcome],
  );
}

/** The accepted answer already logged for this key (a filing is never sent twice for the same version). */
export async function acceptedFor(tx: Queryable, idempotencyKey: string): Promise<FilingExchangeRow | undefined> {
  const rows = await exchangesWhere(tx, "idempotency_key = $1 and ok and outcome = 'accepted'", [idempotencyKey]);
  return rows[0];
}

export function exchangesOfFiling(db: Queryable, filingId: string): Promise<FilingExchangeRow[]> {
  return exchangesWhere(db, 'filing_id = $1', [filingId]);
}

async function exchangesWhere(db: Queryable, where: string, params: unknown[]): Promise<FilingExchangeRow[]> {
  const { rows } = await db.query<{ id: number; filing_id: string; idempotency_key: string; kind: FilingExchange['kind']; request: string; response: string; ok: boolean; outcome: string; at: Date | string }>(
    `select id::int as id, filing_id, idempotency_key, kind, request, response, ok, outcome, at from efiling_exchanges where ${where} order by id`,
    params,
  );
  return rows.map((r) => ({ id: r.id, filingId: r.filing_id, idempotencyKey: r.idempotency_key, kind: r.kind, request: r.request, response: r.response, ok: r.ok, outcome: r.outcome, at: isoTime(r.at) }));
}
