import type { ArchivedValue } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

export interface StoredRecord {
  id: string;
  doc: Record<string, unknown>;
  companyId: string;
  version: number;
}

/** The records of one template version (locked for update inside a migration). */
export async function recordsOfVersion(db: Queryable, code: string, version: number, forUpdate = false): Promise<StoredRecord[]> {
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown>; company_id: string; version: number }>(
    `select id, doc, company_id, version from records where entity = $1 and template_version = $2 order by created_at, id${forUpdate ? ' for update' : ''}`,
    [code, version],
  );
  return rows.map((r) => ({ id: r.id, doc: r.doc, companyId: r.company_id, version: r.version }));
}

export async function insertMigration(
  db: Queryable,
  m: { code: string; from: number; to: number; migrated: number; kept: number; archived: number; userId: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `insert into template_migrations (code, from_version, to_version, migrated, kept, archived, run_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [m.code, m.from, m.to, m.migrated, m.kept, m.archived, m.userId],
  );
  return Number(rows[0]!.id);
}

export async function archiveValues(db: Queryable, migrationId: number, code: string, recordId: string, values: readonly ArchivedValue[]): Promise<void> {
  for (const v of values) {
    await db.query(
      'insert into template_archive (migration_id, entity, record_id, version, path, value) values ($1, $2, $3, $4, $5, $6::jsonb)',
      [migrationId, code, recordId, v.version, v.path, JSON.stringify(v.value ?? null)],
    );
  }
}

/** Moves a record to its new version: the migrated document, the version number, and a new row version. */
export async function moveRecord(db: Queryable, id: string, rowVersion: number, doc: Record<string, unknown>, templateVersion: number, visibleTo: readonly string[]): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `update records set doc = $3::jsonb, template_version = $4, visible_to = $5::text[], version = version + 1, updated_at = now()
     where id = $1 and version = $2 returning id`,
    [id, rowVersion, JSON.stringify(doc), templateVersion, visibleTo],
  );
  return rows.length === 1;
}

export interface ArchiveEntry {
  migrationId: number;
  recordId: string;
  version: number;
  path: string;
  value: unknown;
  archivedAt: string;
}

export async function listArchive(db: Queryable, code: string, recordId?: string): Promise<ArchiveEntry[]> {
  const { rows } = await db.query<{ migration_id: string | number; record_id: string; version: number; path: string; value: unknown; archived_at: Date | string }>(
    `select migration_id, record_id, version, path, value, archived_at from template_archive
     where entity = $1 and ($2::text is null or record_id = $2) order by id limit 1000`,
    [code, recordId ?? null],
  );
  return rows.map((r) => ({
    migrationId: Number(r.migration_id),
    recordId: r.record_id,
    version: r.version,
    path: r.path,
    value: r.value,
    archivedAt: isoTime(r.archived_at),
  }));
}

export interface MigrationRun {
  id: number;
  from: number;
  to: number;
  migrated: number;
  kept: number;
  archived: number;
  runBy: string | null;
  runAt: string;
}

export async function listMigrations(db: Queryable, code: string): Promise<MigrationRun[]> {
  const { rows } = await db.query<{ id: string | number; from_version: number; to_version: number; migrated: number; kept: number; archived: number; run_by: string | null; run_at: Date | string }>(
    'select id, from_version, to_version, migrated, kept, archived, run_by, run_at from template_migrations where code = $1 order by id',
    [code],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    from: r.from_version,
    to: r.to_version,
    migrated: r.migrated,
    kept: r.kept,
    archived: r.archived,
    runBy: r.run_by,
    runAt: isoTime(r.run_at),
  }));
}
