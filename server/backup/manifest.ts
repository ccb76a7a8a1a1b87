import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createAjv } from '../../engine/index.ts';
import { entryTarget } from './archive.ts';

/** The archive's first entry: what it holds, checked before anything is restored. */
export const MANIFEST = 'manifest.json';
/** PGlite's data folder, as copied (server/db/pglite.ts copyDataDir). */
export const PGLITE_FOLDER = 'pglite';
/** pg_dump's custom-format dump of a PostgreSQL database. */
export const DATABASE_DUMP = 'database.dump';
/** The uploads' bytes, one file per `files.id`. */
export const FILES_FOLDER = 'files';
export const BACKUP_FORMAT = 'portico-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Where the files came from (restore puts them where the target's configuration says). */
  fileStorage: 'local' | 's3';
  /** Every upload in the archive, by id, with its size in bytes. */
  files: { id: string; size: number }[];
}

/** Bytes of manifest read at most (about 60 bytes per file: room for some 3 million files). */
export const MAX_MANIFEST_BYTES = 200 * 1024 * 1024;

const validate = createAjv().compile<BackupManifest>({
  type: 'object',
  required: ['format', 'version', 'createdAt', 'database', 'fileStorage', 'files'],
  properties: {
    format: { const: BACKUP_FORMAT },
    version: { const: BACKUP_VERSION },
    createdAt: { type: 'string', maxLength: 40 },
    database: { enum: ['pglite', 'postgres'] },
    fileStorage: { enum: ['local', 's3'] },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'size'],
        properties: { id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }, size: { type: 'integer', minimum: 0 } },
      },
    },
  },
});

/** An archive that is not a whole backup: why, in one line. */
export class ManifestError extends Error {}

/** The manifest's text as a manifest, or ManifestError saying what is wrong with it. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManifestError(`${MANIFEST} is not JSON`);
  }
  if (!validate(value)) {
    const first = validate.errors?.[0];
    throw new ManifestError(`${MANIFEST} is not a Portico backup's: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
  }
  return value;
}

/** Checks the unpacked archive in `root` holds what its manifest says: the database and every file, whole. */
export async function checkUnpacked(root: string, manifest: BackupManifest): Promise<void> {
  const database = manifest.database === 'pglite' ? PGLITE_FOLDER : DATABASE_DUMP;
  const found = await stat(join(root, database)).catch(() => undefined);
  if (!found || found.isDirectory() !== (manifest.database === 'pglite')) throw new ManifestError(`the archive lacks its database (${database})`);
  for (const file of manifest.files) {
    const bytes = await stat(entryTarget(join(root, FILES_FOLDER), file.id)).catch(() => undefined);
    if (!bytes?.isFile() || bytes.size !== file.size) throw new ManifestError(`the archive's file ${file.id} is ${bytes ? `${bytes.size} bytes, not ${file.size}` : 'missing'}`);
  }
}
