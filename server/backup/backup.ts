import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/database.ts';
import type { FileStorage } from '../files/storage.ts';
import { packFolder } from './archive.ts';
import { pgDump } from './pg-tools.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, DATABASE_DUMP, FILES_FOLDER, MANIFEST, PGLITE_FOLDER, type BackupManifest } from './manifest.ts';

/** What a backup reads: the open database, where it may stage its copy, and the file storage. */
export interface BackupSource {
  db: Database;
  /** DATA_DIR: the staging folder is made in it (same disk as PGlite and the local files: links, not copies). */
  dataDir: string;
  /** DATABASE_URL when on PostgreSQL (pg_dump is run on it). */
  databaseUrl?: string;
  storage: FileStorage;
}

/** Rows of `files` read per query while staging the files. */
const FILE_PAGE = 500;

/**
 * Writes one backup archive (.tar.gz) to `out` and returns its manifest. The database is
 * snapshotted first (PGlite's data folder copied under its locks, or pg_dump's snapshot), the
 * files listed after: an upload's bytes are stored before its row (server/files/routes.ts), so
 * every row in the snapshot names bytes that were there when it was listed; bytes deleted since
 * (an upload no record held, taken off a form) are missing, and restore drops their rows.
 */
export async function writeBackup(src: BackupSource, out: Writable): Promise<BackupManifest> {
  const staging = await mkdtemp(join(src.dataDir, '.backup-'));
  try {
    const database = await snapshotDatabase(src, staging);
    const files = await stageFiles(src, join(staging, FILES_FOLDER));
    const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), database, fileStorage: src.storage.kind, files };
    await writeFile(join(staging, MANIFEST), JSON.stringify(manifest));
    await packFolder(staging, [MANIFEST, database === 'pglite' ? PGLITE_FOLDER : DATABASE_DUMP, FILES_FOLDER], out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function snapshotDatabase(src: BackupSource, staging: string): Promise<'pglite' | 'postgres'> {
  if (src.db.kind === 'postgres') {
    if (!src.databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
    await pgDump(src.databaseUrl, join(staging, DATABASE_DUMP));
    return 'postgres';
  }
  if (!src.db.copyDataDir) throw new Error('an in-memory database has nothing to back up');
  await src.db.copyDataDir(join(staging, PGLITE_FOLDER));
  return 'pglite';
}

/** Stages every listed upload's bytes under `dir` by id; ones gone since are left out. */
async function stageFiles(src: BackupSource, dir: string): Promise<BackupManifest['files']> {
  await mkdir(dir, { recursive: true });
  const staged: BackupManifest['files'] = [];
  for (let after = ''; ; ) {
    const { rows } = await src.db.query<{ id: string; path: string; size: number }>('select id, path, size from files where id > $1 order by id limit $2', [after, FILE_PAGE]);
    for (const row of rows) if (await stageFile(src.storage, row.path, join(dir, row.id))) staged.push({ id: row.id, size: row.size });
    if (rows.length < FILE_PAGE) return staged;
    after = rows[rows.length - 1]!.id;
  }
}

const isGone = (err: unknown): boolean => {
  const e = err as { code?: string; name?: string; cause?: { name?: string } };
  return e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.cause?.name === 'NoSuchKey';
};

/**
 * One upload's bytes to `target`: a hard link to a local file (its bytes are written once and never
 * changed, so the link is a copy that costs nothing), a copy across disks, or a download from S3.
 * False when the bytes are gone.
 */
async function stageFile(storage: FileStorage, location: string, target: string): Promise<boolean> {
  try {
    if (storage.kind === 'local' && isAbsolute(location)) {
      await link(location, target).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EXDEV' && err.code !== 'EPERM') throw err;
        await copyFile(location, target);
      });
    } else {
      await pipeline(await storage.read(location), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    }
    return true;
  } catch (err) {
    if (!isGone(err)) throw err;
    await rm(target, { force: true });
    return false;
  }
}
