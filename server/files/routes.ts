import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/errors.ts';
import { scopeOf } from '../entities/visibility.ts';
import { own, type EntityRegistry } from '../../engine/index.ts';
import { deleteUnlinkedFile, insertFile, readableFile } from './files-repo.ts';
import type { FileStorage } from './storage.ts';
import { FILE_SCHEMAS as S } from './file-schemas.ts';

/**
 * Upload rules of SPEC §5: images JPG ≤ 2 MB, attachments PDF ≤ 10 MB. The bytes must start the
 * way the kind does (its magic number), whatever type the request declares.
 */
export const UPLOAD_RULES: Record<string, { maxBytes: number; label: string; kind: string; magic: Buffer }> = {
  'application/pdf': { maxBytes: 10 * 1024 * 1024, label: '10 MB', kind: 'PDF', magic: Buffer.from('%PDF-') },
  'image/jpeg': { maxBytes: 2 * 1024 * 1024, label: '2 MB', kind: 'JPG', magic: Buffer.from([0xff, 0xd8, 0xff]) },
};
const KINDS = Object.values(UPLOAD_RULES).map((r) => r.kind).join(', ');

/** Uploads, downloads and deletes; the bytes go to the configured storage (storage.ts: a local folder or an S3 bucket). */
export function fileRoutes(app: FastifyInstance, db: Database, storage: FileStorage, registry: EntityRegistry): void {
  for (const type of Object.keys(UPLOAD_RULES)) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 11 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  }

  app.post<{ Querystring: { name?: string } }>('/api/files', { schema: S.upload, config: { accepts: KINDS } }, async (req) => {
    const user = currentUser(req);
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim();
    const rule = own(UPLOAD_RULES, type);
    if (!rule) throw new ApiError(415, 'FILE_TYPE', { types: KINDS });
    const body = req.body as Buffer;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, 'BAD_REQUEST', { detail: 'file' });
    if (body.length > rule.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE', { max: rule.label });
    if (!body.subarray(0, rule.magic.length).equals(rule.magic)) throw new ApiError(415, 'FILE_CONTENT', { types: rule.kind });
    const fileName = String(req.query.name ?? 'file').slice(0, 255) || 'file';
    const id = randomUUID();
    // The bytes first, then the row: a row never names bytes that are not there. When the row
    // cannot be written (the database's outage), the bytes are removed again, so neither is left alone.
    const path = await storage.put(id, body, type);
    await insertFile(db, { id, fileName, contentType: type, size: body.length, path, uploadedBy: user.id, companyId: user.companyId }).catch(async (err: unknown) => {
      await storage.remove(path).catch((removeErr: unknown) => req.log.warn({ err: removeErr }, 'bytes of an unrecorded upload not removed'));
      throw err;
    });
    return ok({ fileId: id, fileName, contentType: type, size: body.length });
  });

  app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/api/files/:id', { schema: S.download }, async (req, reply) => {
    const file = await readableFile(db, req.params.id, scopeOf(currentUser(req), registry));
    if (!file) throw new ApiError(404, 'NOT_FOUND');
    // Only the kinds checked at upload open in the browser; anything else is a download.
    const inline = own(UPLOAD_RULES, file.contentType) && req.query.download === undefined;
    reply.header('content-type', file.contentType);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    return reply.send(await storage.read(file.path));
  });

  // An upload no record holds yet (taken off a form before saving) may be deleted by its company.
  app.delete<{ Params: { id: string } }>('/api/files/:id', { schema: S.remove }, async (req) => {
    const gone = await deleteUnlinkedFile(db, req.params.id, scopeOf(currentUser(req), registry));
    if (!gone) throw new ApiError(404, 'NOT_FOUND');
    if (gone === 'linked') throw new ApiError(409, 'FILE_IN_USE');
    await storage.remove(gone.path).catch((err: unknown) => req.log.warn({ err }, 'file bytes not removed'));
    return ok({ fileId: req.params.id });
  });
}
