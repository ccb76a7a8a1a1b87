import type { Queryable } from '../db/database.ts';
import type { Scope } from '../entities/visibility.ts';
import { readableFileSql } from './file-refs.ts';

export interface StoredFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Where the bytes are on disk. */
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
