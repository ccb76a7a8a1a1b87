import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { openDatabase, type Database } from '../db/database.ts';
import { storageFromEnv, type FileStorage } from '../files/storage.ts';
import { unpackInto } from './archive.ts';
import { readControl } from './control.ts';
import { checkUnpacked, DATABASE_DUMP, FILES_FOLDER, MANIFEST, MAX_MANIFEST_BYTES, ManifestError, parseManifest, PGLITE_FOLDER, type BackupManifest } from './manifest.ts';
import { pgRestore } from './pg-tools.ts';

/** Where an archive is restored to: a stopped instance's configuration. */
export interface RestoreTarget {
  dataDir: string;
  /** DATABASE_URL: the dump is restored into this database (PGlite under dataDir unless given). */
  databaseUrl?: string;
  /** FILE_STORAGE and S3_*: where the files go (the folder dataDir/files unless configured). */
  filesEnv: Record<string, string | undefined>;
  /** Replace a data folder or database that holds something. */
  force?: boolean;
}

/** Restore refused before anything was changed: why, in one line. */
export class RestoreRefused extends Error {}

/**
 * Brings a stopped instance back from an archive. Nothing is changed until the archive is unpacked
 * into a temporary folder beside DATA_DIR and checked against its manifest; the database is then
 * prepared there (PGlite) or restored in one transaction (pg_restore), the files' rows pointed at
 * where the target keeps them, and the folder renamed into place.
 */
export async function restoreArchive(archive: string, target: RestoreTarget): Promise<BackupManifest> {
  const dataDir = resolve(target.dataDir);
  await refuseInUse(dataDir, target);
  const temp = await mkdtemp(join(dirname(dataDir), `.${basename(dataDir)}.restore-`));
  try {
    await unpackInto(createReadStream(archive), temp);
    const text = await readFile(join(temp, MANIFEST), 'utf8').catch(() => undefined);
    if (text === undefined) throw new ManifestError(`the archive has no ${MANIFEST}: it is not a Portico backup`);
    if (text.length > MAX_MANIFEST_BYTES) throw new ManifestError(`${MANIFEST} is too large`);
    const manifest = parseManifest(text);
    await checkUnpacked(temp, manifest);
    if ((manifest.database === 'postgres') !== Boolean(target.databaseUrl)) {
      throw new RestoreRefused(`the archive holds a ${manifest.database} database; restore it with ${manifest.database === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset (PGlite)'}`);
    }
    const storage = storageFromEnv(target.filesEnv, join(dataDir, FILES_FOLDER));
    const db = await restoreDatabase(temp, manifest, target);
    try {
      await pointFiles(db, manifest, storage, join(temp, FILES_FOLDER), join(dataDir, FILES_FOLDER));
    } finally {
      await db.close();
    }
    if (storage.kind !== 'local') await rm(join(temp, FILES_FOLDER), { recursive: true, force: true });
    await rm(join(temp, MANIFEST));
    await rm(join(temp, DATABASE_DUMP), { force: true });
    await swapInto(temp, dataDir);
    return manifest;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Refuses a DATA_DIR a running portal uses, and one (or a database) holding data unless forced. */
async function refuseInUse(dataDir: string, target: RestoreTarget): Promise<void> {
  const running = await readControl(dataDir);
  if (running) throw new RestoreRefused(`a portal (process ${running.pid}, ${running.url}) is using ${dataDir}: stop it first`);
  if (target.force) return;
  const held = await readdir(dataDir).catch(() => []);
  if (held.some((name) => name !== 'control-token')) throw new RestoreRefused(`${dataDir} is not empty: restore into an empty folder, or give --force to replace it`);
  if (!target.databaseUrl) return;
  const db = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 3 });
  try {
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = any (current_schemas(false))");
    if (rows[0]!.n > 0) throw new RestoreRefused('the database DATABASE_URL names holds tables: restore into an empty one, or give --force to replace them');
  } finally {
    await db.close();
  }
}

/** The restored database, open: PGlite's folder in the temporary folder, or pg_restore into DATABASE_URL. */
async function restoreDatabase(temp: string, manifest: BackupManifest, target: RestoreTarget): Promise<Database> {
  if (manifest.database === 'pglite') return openDatabase({ dataDir: join(temp, PGLITE_FOLDER) });
  await pgRestore(target.databaseUrl!, join(temp, DATABASE_DUMP));
  return openDatabase({ databaseUrl: target.databaseUrl, poolSize: 3 });
}

/** Rows of `files` read per query while pointing them at their restored bytes. */
const FILE_PAGE = 500;

/**
 * Drops the rows of uploads whose bytes the archive lacks (deleted while the backup ran; only
 * uploads no record holds can be), then points every row at its bytes: the target's folder, or
 * the target's bucket after uploading them there.
 */
async function pointFiles(db: Database, manifest: BackupManifest, storage: FileStorage, unpacked: string, filesDir: string): Promise<void> {
  const archived = new Set(manifest.files.map((f) => f.id));
  for (let after = ''; ; ) {
    const { rows } = await db.query<{ id: string; content_type: string }>('select id, content_type from files where id > $1 order by id limit $2', [after, FILE_PAGE]);
    const gone = rows.filter((r) => !archived.has(r.id)).map((r) => r.id);
    if (gone.length) await db.query('delete from files f where f.id = any($1) and not exists (select 1 from file_links l where l.file_id = f.id)', [gone]);
    if (storage.kind !== 'local') {
      for (const row of rows.filter((r) => archived.has(r.id))) {
        const path = await storage.put(row.id, await readFile(join(unpacked, row.id)), row.content_type);
        await db.query('update files set path = $2 where id = $1', [row.id, path]);
      }
    }
    if (rows.length < FILE_PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  if (storage.kind === 'local') await db.query('update files set path = $1 || id', [filesDir + sep]);
}

/** Renames the prepared folder into place; a data folder there (--force) is moved aside first and removed after. */
async function swapInto(temp: string, dataDir: string): Promise<void> {
  const existing = await stat(dataDir).catch(() => undefined);
  if (!existing) return rename(temp, dataDir);
  const aside = `${temp}.replaced`;
  await rename(dataDir, aside);
  try {
    await rename(temp, dataDir);
  } catch (err) {
    await rename(aside, dataDir);
    throw err;
  }
  await rm(aside, { recursive: true, force: true });
}
