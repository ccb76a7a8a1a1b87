import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { openDatabase } from '../db/database.ts';
import { storageFromEnv } from '../files/storage.ts';
import { writeBackup } from './backup.ts';
import { CONTROL_TOKEN_HEADER, controlToken, readControl } from './control.ts';
import { FILES_FOLDER, PGLITE_FOLDER } from './manifest.ts';
import { restoreArchive } from './restore.ts';

type Env = Record<string, string | undefined>;

/** The data folder the configuration names (server/start.ts's default: ./data of the checkout). */
export const dataDirOf = (env: Env, root: string): string => resolve(env.DATA_DIR ?? join(root, 'data'));

/** A backup or restore that could not be done: why, in one line. */
export class BackupCommandError extends Error {}

/**
 * `npm run backup [ARCHIVE]`: asks the running portal for the archive through its control channel
 * (server/backup/control.ts), or, when none runs, opens the database itself. The archive is written
 * to ARCHIVE.partial and renamed when whole, so ARCHIVE is never half an archive. Returns how it was taken.
 */
export async function backupCommand(archive: string, env: Env, root: string): Promise<'running portal' | 'stopped instance'> {
  const dataDir = dataDirOf(env, root);
  const partial = `${archive}.partial`;
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    const running = await readControl(dataDir);
    if (running) await backupFromPortal(running.url, await controlToken(dataDir, env.BACKUP_TOKEN), out);
    else await backupStopped(dataDir, env, out);
    await rename(partial, archive);
    return running ? 'running portal' : 'stopped instance';
  } catch (err) {
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

async function backupFromPortal(url: string, token: string, out: Writable): Promise<void> {
  const res = await fetch(`${url}/api/backup`, { method: 'POST', headers: { [CONTROL_TOKEN_HEADER]: token } });
  if (!res.ok || !res.body) {
    const answer = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new BackupCommandError(`the portal at ${url} refused the backup (${res.status}): ${answer?.message ?? res.statusText}`);
  }
  await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), out);
}

async function backupStopped(dataDir: string, env: Env, out: Writable): Promise<void> {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (!databaseUrl && !(await stat(join(dataDir, PGLITE_FOLDER)).catch(() => undefined))) {
    throw new BackupCommandError(`no portal runs on ${dataDir} and it holds no database (${PGLITE_FOLDER}/): check DATA_DIR`);
  }
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : join(dataDir, PGLITE_FOLDER), poolSize: 3 });
  try {
    await writeBackup({ db, dataDir, databaseUrl, storage: storageFromEnv(env, join(dataDir, FILES_FOLDER)) }, out);
  } finally {
    await db.close();
  }
}

/** `npm run restore ARCHIVE [--force]`: restore.ts on the configured DATA_DIR, DATABASE_URL and file storage. */
export async function restoreCommand(archive: string, env: Env, root: string, force: boolean) {
  if (!(await stat(archive).catch(() => undefined))?.isFile()) throw new BackupCommandError(`${archive} is not a file`);
  return restoreArchive(archive, { dataDir: dataDirOf(env, root), databaseUrl: env.DATABASE_URL || undefined, filesEnv: env, force });
}
