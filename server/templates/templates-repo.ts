import type { RenameMap, TemplateBundle } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

/** What a template is for: a TRF's DFF section, a free form, or a customer's material or product template. */
export const TEMPLATE_KINDS = ['dff', 'form', 'material', 'product'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export type VersionStatus = 'draft' | 'published';

/** One stored version of a template. */
export interface TemplateVersion {
  code: string;
  version: number;
  status: VersionStatus;
  bundle: TemplateBundle;
  /** The designer's renames from the previous published version (immutable once published). */
  renames: RenameMap;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  publishedBy: string | null;
}

export interface TemplateRow {
  code: string;
  kind: TemplateKind;
  createdAt: string;
}

interface VersionRow {
  code: string;
  version: number;
  status: VersionStatus;
  bundle: TemplateBundle;
  renames: RenameMap;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
  published_by: string | null;
}


function toVersion(r: VersionRow): TemplateVersion {
  return {
    code: r.code,
    version: r.version,
    status: r.status,
    bundle: r.bundle,
    renames: r.renames,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
    publishedAt: r.published_at === null ? null : isoTime(r.published_at),
    publishedBy: r.published_by,
  };
}

const VERSION_COLUMNS = 'code, version, status, bundle, renames, created_at, updated_at, published_at, published_by';

export async function listTemplateRows(db: Queryable): Promise<TemplateRow[]> {
  const { rows } = await db.query<{ code: string; kind: TemplateKind; created_at: Date | string }>('select code, kind, created_at from form_templates order by code');
  return rows.map((r) => ({ code: r.code, kind: r.kind, createdAt: isoTime(r.created_at) }));
}

export async function getTemplateRow(db: Queryable, code: string, forUpdate = false): Promise<TemplateRow | undefined> {
  const { rows } = await db.query<{ code: string; kind: TemplateKind; created_at: Date | string }>(
    `select code, kind, created_at from form_templates where code = $1${forUpdate ? ' for update' : ''}`,
    [code],
  );
  return rows[0] && { code: rows[0].code, kind: rows[0].kind, createdAt: isoTime(rows[0].created_at) };
}

/** Every version of one template, or of all templates, oldest first. */
export async function listVersions(db: Queryable, code?: string): Promise<TemplateVersion[]> {
  const { rows } = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from template_versions ${code === undefined ? '' : 'where code = $1'} order by code, version`,
    code === undefined ? [] : [code],
  );
  return rows.map(toVersion);
}

/** A version without its bundle: what the template lists show (its label only). */
export type VersionHead = Pick<TemplateVersion, 'code' | 'version' | 'status' | 'publishedAt'> & { label: TemplateBundle['entity']['label'] };

/** Every version's head, read without loading the bundles (a list of hundreds of versions stays light). */
export async function listVersionHeads(db: Queryable): Promise<VersionHead[]> {
  const { rows } = await db.query<{ code: string; version: number; status: VersionStatus; published_at: Date | string | null; label: VersionHead['label'] }>(
    `select code, version, status, published_at, bundle -> 'entity' -> 'label' as label from template_versions order by code, version`,
  );
  return rows.map((r) => ({ code: r.code, version: r.version, status: r.status, publishedAt: r.published_at === null ? null : isoTime(r.published_at), label: r.label }));
}

/** The newest published version of each template. */
export async function listNewestPublished(db: Queryable): Promise<TemplateVersion[]> {
  const { rows } = await db.query<VersionRow>(
    `select distinct on (code) ${VERSION_COLUMNS} from template_versions where status = 'published' order by code, version desc`,
  );
  return rows.map(toVersion);
}

export async function getVersion(db: Queryable, code: string, version: number, forUpdate = false): Promise<TemplateVersion | undefined> {
  const { rows } = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from template_versions where code = $1 and version = $2${forUpdate ? ' for update' : ''}`,
    [code, version],
  );
  return rows[0] && toVersion(rows[0]);
}

export async function insertTemplate(db: Queryable, code: string, kind: TemplateKind, userId: string): Promise<void> {
  await db.query('insert into form_templates (code, kind, created_by) values ($1, $2, $3)', [code, kind, userId]);
}

export async function insertVersion(db: Queryable, code: string, version: number, bundle: TemplateBundle, renames: RenameMap, userId: string): Promise<void> {
  await db.query(
    `insert into template_versions (code, version, status, bundle, renames, created_by) values ($1, $2, 'draft', $3::json, $4::jsonb, $5)`,
    [code, version, JSON.stringify(bundle), JSON.stringify(renames), userId],
  );
}

/** Saves a draft; false when the version is no longer a draft (published versions never change). */
export async function updateDraft(db: Queryable, code: string, version: number, bundle: TemplateBundle, renames: RenameMap): Promise<boolean> {
  const { rows } = await db.query<{ version: number }>(
    `update template_versions set bundle = $3::json, renames = $4::jsonb, updated_at = now()
     where code = $1 and version = $2 and status = 'draft' returning version`,
    [code, version, JSON.stringify(bundle), JSON.stringify(renames)],
  );
  return rows.length === 1;
}

/** Publishes a draft with its bundle as published (the draft's, with the menu placement chosen on publishing). */
export async function markPublished(db: Queryable, code: string, version: number, userId: string, bundle: TemplateBundle): Promise<boolean> {
  const { rows } = await db.query<{ version: number }>(
    `update template_versions set status = 'published', published_at = now(), published_by = $3, bundle = $4::json, updated_at = now()
     where code = $1 and version = $2 and status = 'draft' returning version`,
    [code, version, userId, JSON.stringify(bundle)],
  );
  return rows.length === 1;
}

export async function deleteDraft(db: Queryable, code: string, version: number): Promise<boolean> {
  const { rows } = await db.query<{ version: number }>(
    `delete from template_versions where code = $1 and version = $2 and status = 'draft' returning version`,
    [code, version],
  );
  return rows.length === 1;
}

/** Removes a template that has no versions left, with the settings naming it. */
export async function deleteTemplate(db: Queryable, code: string): Promise<void> {
  await db.query('delete from template_settings where template_code = $1', [code]);
  await db.query('delete from form_templates where code = $1', [code]);
}

/** Whether any record was made with the template (of any version). */
export async function hasRecords(db: Queryable, code: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from records where entity = $1 limit 1', [code]);
  return rows.length > 0;
}

/** Removes a whole template: its migrations' archive, migrations, versions, settings and the template. */
export async function deleteWholeTemplate(db: Queryable, code: string): Promise<void> {
  await db.query('delete from template_archive where migration_id in (select id from template_migrations where code = $1)', [code]);
  await db.query('delete from template_migrations where code = $1', [code]);
  await db.query('delete from template_versions where code = $1', [code]);
  await deleteTemplate(db, code);
}
