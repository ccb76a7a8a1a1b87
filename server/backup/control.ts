import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../auth/session-hook.ts';
import { ApiError } from '../http/errors.ts';
import { writeBackup, type BackupSource } from './backup.ts';

/**
 * The local control channel of `npm run backup`: PGlite is opened by one process only, so while
 * the portal runs it is the portal that takes the snapshot. At start it writes DATA_DIR/control.json
 * (its address and process id) and keeps a token in DATA_DIR/control-token, both readable by their
 * owner only; `POST /api/backup` with that token answers the archive's bytes as they are packed.
 */

export const CONTROL_FILE = 'control.json';
export const TOKEN_FILE = 'control-token';
/** The header carrying the control token. */
export const CONTROL_TOKEN_HEADER = 'portico-control-token';

export interface ControlInfo {
  url: string;
  pid: number;
}

/** BACKUP_TOKEN when configured, else the token kept in DATA_DIR (made once, owner-only). */
export async function controlToken(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const path = join(dataDir, TOKEN_FILE);
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return (await readFile(path, 'utf8')).trim();
}

/** Says where this process answers (written whole: a reader never sees half of it); the returned function takes it back. */
export async function publishControl(dataDir: string, url: string): Promise<() => Promise<void>> {
  const path = join(dataDir, CONTROL_FILE);
  const info: ControlInfo = { url, pid: process.pid };
  const partial = `${path}.${process.pid}`;
  await writeFile(partial, JSON.stringify(info), { mode: 0o600 });
  await rename(partial, path);
  return async () => {
    const now = await readControl(dataDir);
    if (now?.pid === process.pid) await rm(path, { force: true });
  };
}

/** The running portal's address, if one wrote it and its process is alive. */
export async function readControl(dataDir: string): Promise<ControlInfo | undefined> {
  const text = await readFile(join(dataDir, CONTROL_FILE), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  try {
    const info = JSON.parse(text) as ControlInfo;
    if (typeof info.url !== 'string' || !Number.isInteger(info.pid)) return undefined;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}

/** The backup route's schema: the token in a header, no body; the answer is the archive's bytes (application/gzip). */
const BACKUP_SCHEMA = { tags: ['operations'], headers: { type: 'object', properties: { [CONTROL_TOKEN_HEADER]: { type: 'string', maxLength: 200 } } } };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The backup route: the control token authenticates it (no session); one backup at a time per process. */
export function backupRoute(app: FastifyInstance, source: BackupSource, token: string): void {
  let running = false;
  const expected = digest(token);
  app.post('/api/backup', { ...publicRoute(10), schema: BACKUP_SCHEMA }, async (req, reply) => {
    const given = req.headers[CONTROL_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw new ApiError(401, 'CONTROL_TOKEN');
    if (running) throw new ApiError(409, 'BACKUP_RUNNING');
    running = true;
    const body = new PassThrough();
    writeBackup(source, body)
      .then((manifest) => req.log.info({ files: manifest.files.length }, 'backup written'))
      .catch((err: unknown) => {
        req.log.error({ err }, 'backup failed');
        body.destroy(err as Error);
      })
      .finally(() => {
        running = false;
      });
    reply.header('content-type', 'application/gzip');
    return reply.send(body);
  });
}
