import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGES, message, text, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { entityOfRequest } from '../entities/entity-of.ts';
import type { EntityService } from '../entities/service.ts';
import { ImportService, declaredImport, type LookupResolver } from './import-service.ts';
import { sourceOptions } from '../lookups/routes.ts';
import { MAX_UPLOAD_BYTES } from './xlsx-read.ts';
import { buildImportFile } from './xlsx-template.ts';
import { IMPORT_SCHEMAS as S } from './import-schemas.ts';

/** What an upload may declare itself as: xlsx, xls (refused by its bytes with its own message) or plain bytes. */
export const IMPORT_CONTENT_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/octet-stream',
];
export const XLSX_TYPE = IMPORT_CONTENT_TYPES[0]!;

/**
 * The declared imports of every entity's list (docs/declarations.md §2, imports; docs/api.md):
 * the import template of the entity's newest version, and the upload. The request body is the
 * file's bytes; whatever the request declares, the bytes decide what the file is.
 */
export function importRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, entities: EntityService): void {
  // A lookup column's cell: the option (of the user's own source, in either language) whose value, label or customer number it is.
  const resolveLookup: LookupResolver = async (source, cell, user) => {
    for (const lang of LANGUAGES) {
      const options = (await sourceOptions(db, registry, source, lang, cell, user)) ?? [];
      const found = options.find((o) => o.value === cell || o.label === cell || o.data?.customerNo === cell);
      if (found) return found.value;
    }
    return undefined;
  };
  const imports = new ImportService(db, entities, resolveLookup, app.jobs);
  const entityOf = (req: FastifyRequest): RegisteredEntity => entityOfRequest(registry, req);
  for (const type of IMPORT_CONTENT_TYPES) {
    // A little over the cap, so a slightly larger file gets our own message rather than the framework's.
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 }, (_req, body, done) => done(null, body));
  }

  app.get<{ Params: { entity: string } }>('/api/entities/:entity/import-template', { schema: S.template }, async (req, reply) => {
    const reg = entityOf(req);
    const lang = requestLanguage(req);
    const declared = declaredImport(reg, lang);
    const user = currentUser(req);
    if (!user.permissionMap[reg.entity.permissions.create]) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.create });
    const title = text(reg.entity.label, lang, reg.name);
    const file = await buildImportFile(app.jobs, { reg, lang, title, validatedRows: declared.maxRows, ids: [], read: async () => [] });
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file);
  });

  app.post<{ Params: { entity: string }; Querystring: { validOnly?: string } }>('/api/entities/:entity/import', { schema: S.upload, config: { accepts: 'Excel (.xlsx, .xls)' } }, async (req) => {
    const reg = entityOf(req);
    const lang = requestLanguage(req);
    const body = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(415, 'IMPORT_NOT_SPREADSHEET');
    const validOnly = req.query.validOnly === 'true';
    const result = await imports.run(reg, body, currentUser(req), lang, validOnly);
    const msg = result.skipped ? message('IMPORT_PARTIAL', lang, { imported: result.imported, skipped: result.skipped }) : message('IMPORT_SUCCESS', lang);
    return ok({ ...result, message: msg });
  });
}
