import type { EntityRecord, RegisteredEntity } from '../../engine/index.ts';
import { committedWrites, type Queryable } from '../db/database.ts';

/** The records one database keeps in all (a TRF is a few KB): the least recently read go first. */
const MAX_RECORDS = 5_000;

type Kept = { reg: RegisteredEntity; writes: number; record: EntityRecord };

const kept = new WeakMap<Queryable, Map<string, Kept>>();

/**
 * A record as its read (`key`: the statement and its parameters, visibility and date included;
 * built only where records are kept)
 * found it, kept while no write of records, companies or a user's name has committed since. Only
 * where the count of committed writes says that without a query (PGlite, Database.committedWrites);
 * elsewhere, and for a record not found, `read` runs every time. The record is shared by every
 * request that reads it: callers must not change it.
 */
export async function keptRecord(db: Queryable, reg: RegisteredEntity, keyOf: () => string, read: () => Promise<EntityRecord | undefined>): Promise<EntityRecord | undefined> {
  // Counted before the read: a write committing while it runs leaves the record kept as stale.
  const writes = committedWrites(db);
  if (writes === undefined) return read();
  let records = kept.get(db);
  if (!records) kept.set(db, (records = new Map()));
  const key = keyOf();
  const found = records.get(key);
  records.delete(key);
  if (found && found.reg === reg && found.writes === writes) {
    // Least recently read first: a read moves it to the end.
    records.set(key, found);
    return found.record;
  }
  const record = await read();
  if (!record) return undefined;
  records.set(key, { reg, writes, record });
  if (records.size > MAX_RECORDS) records.delete(records.keys().next().value!);
  return record;
}
