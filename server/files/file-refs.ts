import { fieldPath } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { visibilityPredicate, writerCompanies, type Scope } from '../entities/visibility.ts';

/** Every `fileId` a document references (attachment items are `{ fileId, fileName, … }`), with its field path (`attachments.0.fileId`). */
export function fileRefsIn(doc: unknown, keys: readonly string[] = []): { fileId: string; path: string }[] {
  if (Array.isArray(doc)) return doc.flatMap((v, i) => fileRefsIn(v, [...keys, String(i)]));
  if (typeof doc !== 'object' || doc === null) return [];
  return Object.entries(doc).flatMap(([k, v]) => (k === 'fileId' && typeof v === 'string' ? [{ fileId: v, path: fieldPath([...keys, k]) }] : fileRefsIn(v, [...keys, k])));
}

/**
 * A file belongs to the company that uploaded it and to the records it is attached to. A record
 * may reference a file only when the writer may read it: the writer's company uploaded it, or it is
 * attached to this very record already. Then the record's attachments are stored as links, which
 * is what lets the record's other companies read the file (never a file id typed into a field).
 * The files are share-locked until the record commits, so a concurrent delete (files-repo.ts) waits.
 */
export async function attachFiles(tx: Queryable, recordId: string, doc: unknown, writer: Scope): Promise<void> {
  const refs = fileRefsIn(doc);
  const ids = [...new Set(refs.map((r) => r.fileId))];
  const readable = await writerMayAttach(tx, recordId, ids, writer);
  const refused = refs.find((r) => !readable.has(r.fileId));
  if (refused) {
    throw new ApiError(400, 'FILE_NOT_READABLE', { fileId: refused.fileId.slice(0, 64) }, [{ field: refused.path, keyword: 'file', message: refused.path }]);
  }
  // A file sent in the record's chat stays linked whatever the document now holds.
  await tx.query(
    `delete from file_links where record_id = $1 and not (file_id = any($2::text[]))
       and not exists (select 1 from chat_messages m where m.record_id = $1 and m.files @> jsonb_build_array(jsonb_build_object('fileId', file_links.file_id)))`,
    [recordId, ids],
  );
  await linkFiles(tx, recordId, ids);
}

/** Of `ids`, the files the writer may attach to the record: their company's upload, or attached to it already (share-locked until the writer commits). */
export async function writerMayAttach(tx: Queryable, recordId: string, ids: readonly string[], writer: Scope): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await tx.query<{ id: string }>(
    `select f.id from files f where f.id = any($1::text[]) and (
       $2::boolean or f.company_id = any($3::text[])
       or exists (select 1 from file_links l where l.file_id = f.id and l.record_id = $4))
     for share of f`,
    [ids, writer.all, writerCompanies(writer), recordId],
  );
  return new Set(rows.map((r) => r.id));
}

/** Links files to a record: whoever sees the record may read them. */
export async function linkFiles(tx: Queryable, recordId: string, ids: readonly string[]): Promise<void> {
  if (ids.length) await tx.query('insert into file_links (file_id, record_id) select unnest($1::text[]), $2 on conflict do nothing', [ids, recordId]);
}

/**
 * Whether the user may read the file `$1`: its company's, or attached to a record the user sees
 * (the records' one visibility condition, visibility.ts). Returns the SQL and its parameters.
 */
export function readableFileSql(id: string, scope: Scope): { sql: string; params: unknown[] } {
  const params: unknown[] = [id];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (scope.all) return { sql: 'f.id = $1', params };
  const sql = `f.id = $1 and (f.company_id = ${p(scope.companyId)} or exists (
    select 1 from file_links l join records r on r.id = l.record_id where l.file_id = f.id and ${visibilityPredicate(scope, 'r', p)}))`;
  return { sql, params };
}
