import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { recordTitle, valueAt, type EntityRecord, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStorage } from '../files/storage.ts';

export interface ZipEntry {
  name: string;
  path: string;
}

/** The files of the records' upload field, attached to them (file_links), each named `<record title>/<file name>` once. */
export async function zipEntries(db: Queryable, reg: RegisteredEntity, records: readonly EntityRecord[], field: string, lang: Language): Promise<ZipEntry[]> {
  const wanted = records.flatMap((r) => {
    const value = valueAt(r.doc, field);
    const items = Array.isArray(value) ? value : value ? [value] : [];
    return items.flatMap((f: unknown) => (f && typeof f === 'object' && typeof (f as { fileId?: unknown }).fileId === 'string' ? [{ record: r, fileId: (f as { fileId: string }).fileId }] : []));
  });
  if (!wanted.length) return [];
  const { rows } = await db.query<{ id: string; record_id: string; file_name: string; path: string }>(
    `select f.id, l.record_id, f.file_name, f.path from files f join file_links l on l.file_id = f.id
     where f.id = any($1::text[]) and l.record_id = any($2::text[])`,
    [wanted.map((w) => w.fileId), records.map((r) => r.id)],
  );
  const stored = new Map(rows.map((r) => [`${r.record_id}/${r.id}`, r]));
  const used = new Set<string>();
  return wanted.flatMap(({ record, fileId }) => {
    const file = stored.get(`${record.id}/${fileId}`);
    if (!file) return [];
    const folder = (recordTitle(reg, record.doc, lang) || record.id).replace(/[\\/]/g, '_');
    let name = `${folder}/${file.file_name.replace(/[\\/]/g, '_')}`;
    for (let n = 2; used.has(name); n++) name = `${folder}/${n}-${file.file_name.replace(/[\\/]/g, '_')}`;
    used.add(name);
    return [{ name, path: file.path }];
  });
}

/**
 * A zip of the entries, streamed by archiver as each file is read (PDFs and JPGs are compressed
 * already: stored). Each file is opened from the storage only when archiver comes to it.
 */
export function zipStream(entries: readonly ZipEntry[], storage: FileStorage): ZipArchive {
  const zip = new ZipArchive({ store: true });
  const opened = (path: string) => Readable.from((async function* () { yield* await storage.read(path); })());
  for (const e of entries) zip.append(opened(e.path), { name: e.name });
  void zip.finalize();
  return zip;
}
