import type { AuditEntry } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

/** Writes an audit row; callers pass the transaction that makes the change itself. */
export async function writeAudit(
  db: Queryable,
  entity: string,
  recordId: string,
  /** The user who acted; null for the server itself (a lifecycle timer). */
  actorId: string | null,
  entry: Omit<AuditEntry, 'id' | 'at' | 'actorId' | 'actorName'>,
): Promise<void> {
  await db.query(
    `insert into audit (entity, record_id, actor_id, kind, event, from_states, to_states, payload, changed_fields, version)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::text[], $10)`,
    [
      entity,
      recordId,
      actorId,
      entry.kind,
      entry.event ?? null,
      entry.fromStates ? JSON.stringify(entry.fromStates) : null,
      entry.toStates ? JSON.stringify(entry.toStates) : null,
      entry.payload ? JSON.stringify(entry.payload) : null,
      entry.changedFields ?? null,
      entry.version ?? null,
    ],
  );
}

export async function listAudit(db: Queryable, entity: string, recordId: string): Promise<AuditEntry[]> {
  const { rows } = await db.query<{
    id: string;
    at: Date | string;
    actor_id: string | null;
    actor_name: string | null;
    kind: AuditEntry['kind'];
    event: string | null;
    from_states: Record<string, string> | null;
    to_states: Record<string, string> | null;
    payload: Record<string, unknown> | null;
    changed_fields: string[] | null;
    version: number | null;
  }>(
    `select a.id::text as id, a.at, a.actor_id, u.user_name as actor_name, a.kind, a.event, a.from_states, a.to_states,
       a.payload, a.changed_fields, a.version
     from audit a left join users u on u.id = a.actor_id where a.entity = $1 and a.record_id = $2 order by a.id`,
    [entity, recordId],
  );
  return rows.map((r) => ({
    id: r.id,
    at: isoTime(r.at),
    actorId: r.actor_id,
    actorName: r.actor_name,
    kind: r.kind,
    ...(r.event ? { event: r.event } : {}),
    ...(r.from_states ? { fromStates: r.from_states } : {}),
    ...(r.to_states ? { toStates: r.to_states } : {}),
    ...(r.payload ? { payload: r.payload } : {}),
    ...(r.changed_fields ? { changedFields: r.changed_fields } : {}),
    ...(r.version !== null ? { version: r.version } : {}),
  }));
}
