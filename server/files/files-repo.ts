import type { Database, Queryable } from '../db/database.ts';
import type { Scope } from '../entities/visibility.ts';
import { readableFileSql } from './file-refs.ts';

export interface StoredFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Where the bytes are: what the file storage's `put` returned (storage.ts). */
  path: string;
  uploadedBy: string;
  companyId: string;
}

/** Records an uploaded file (its bytes are written already). */
export async function insertFile(db: Queryable, f: StoredFile): Promise<void> {
  await db.query(
    'insert into files (id, file_name, content_type, size, path, uploaded_by, company_id) values ($1, $2, $3, $4, $5, $6, $7)',
    [f.id, f.fileName, f.contentType, f.size, f.path, f.uploadedBy, f.companyId],
  );
}

/** The file when the scope may read it (file-refs.ts: its company's, or linked to a record the scope sees). */
export async function readableFile(db: Queryable, id: string, scope: Scope): Promise<{ fileName: string; contentType: string; path: string } | undefined> {
  const where = readableFileSql(id, scope);
  const { rows } = await db.query<{ file_name: string; content_type: string; path: string }>(
    `select f.file_name, f.content_type, f.path from files f where ${where.sql}`,
    where.params,
  );
  const row = rows[0];
  return row && { fileName: row.file_name, contentType: row.content_type, path: row.path };
}

/**
 * Deletes the row of an upload the scope may read, made by the scope's company (any, for staff
 * who see all), that no record holds: `{ path }` to remove the bytes from, `linked` when a record
 * holds it, undefined when there is no such file for the scope. The row is locked first, so a
 * record attaching it at the same time (attachFiles share-locks it) either wins or sees it gone.
 */
export async function deleteUnlinkedFile(db: Database, id: string, scope: Scope): Promise<{ path: string } | 'linked' | undefined> {
  const where = readableFileSql(id, scope);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ path: string; company_id: string }>(`select f.path, f.company_id from files f where ${where.sql} for update of f`, where.params);
    const row = rows[0];
    if (!row || (!scope.all && row.company_id !== scope.companyId)) return undefined;
    const linked = await tx.query('select 1 from file_links where file_id = $1 limit 1', [id]);
    if (linked.rows.length) return 'linked';
    await tx.query('delete from files where id = $1', [id]);
    return { path: row.path };
  });
}
