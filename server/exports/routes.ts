import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportColumns, exportFileName, parseListQuery, text, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, requestLanguage } from '../http/errors.ts';
import { listIds, recordsByIds } from '../entities/records-repo.ts';
import { scopeOf } from '../entities/visibility.ts';
import { entityOfRequest } from '../entities/entity-of.ts';
import { EXPORT_SCHEMAS as S } from './export-schemas.ts';
import { LookupLabeller } from './lookup-labels.ts';
import { buildXlsx } from './xlsx-export.ts';
import { buildImportFile } from '../imports/xlsx-template.ts';
import { zipEntries, zipStream } from './files-zip.ts';
import type { FileStorage } from '../files/storage.ts';

type Params = { entity: string };
type Body = { ids?: string[] } | undefined;

/** The header announcing how many rows (or files) the file holds: the browser shows progress against it. */
export const EXPORT_TOTAL_HEADER = 'x-export-total';

const attachment = (reply: FastifyReply, type: string, fileName: string, total: number) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header(EXPORT_TOTAL_HEADER, String(total));

/**
 * The declared exports of every entity's list (docs/declarations.md §2, docs/api.md): the rows
 * as xlsx with the list's filters, sort and visibility, and the selected records' files as a zip.
 * Everything that can be refused is refused before the first byte is sent. The xlsx is written by
 * the job pool (server/jobs/pool.ts) and sent whole; the zip streams: its entries are stored, not
 * compressed (PDFs and JPGs are compressed already), so building it is reading the files, I/O and
 * not CPU, and it stays on the server's thread without holding the files in memory.
 */
export function exportRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, storage: FileStorage): void {
  const entityOf = (req: FastifyRequest): RegisteredEntity => entityOfRequest(registry, req);
  const allowed = (req: FastifyRequest, reg: RegisteredEntity) => {
    const user = currentUser(req);
    if (!user.permissionMap[reg.entity.permissions.list]) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
    return user;
  };
  const selection = (body: Body): string[] | undefined => {
    if (!body?.ids) return undefined;
    if (!body.ids.length) throw new ApiError(400, 'NOTHING_SELECTED');
    return [...new Set(body.ids)];
  };

  app.post<{ Params: Params; Querystring: Record<string, string | string[]>; Body: Body }>('/api/entities/:entity/export', { schema: S.rows }, async (req, reply) => {
    const reg = entityOf(req);
    const lang = requestLanguage(req);
    const declared = reg.views.list.export;
    if (!declared) throw new ApiError(404, 'EXPORT_NOT_DECLARED', { entity: text(reg.entity.label, lang, reg.name) });
    const scope = scopeOf(allowed(req, reg), registry);
    const only = selection(req.body);
    const parsed = parseListQuery(reg, req.query, lang);
    if (!parsed.ok) throw new ApiError(400, 'VALIDATION_FAILED', {}, parsed.errors);
    if (only && only.length > declared.maxRows) throw new ApiError(400, 'EXPORT_LIMIT', { max: declared.maxRows, count: only.length });
    const { ids, total } = await listIds(db, reg, parsed.query, scope, declared.maxRows, only);
    if (total > declared.maxRows) throw new ApiError(400, 'EXPORT_LIMIT', { max: declared.maxRows, count: total });
    if (only && !ids.length) throw new ApiError(400, 'NOTHING_SELECTED');
    const name = exportFileName(reg, lang);
    const labels = new LookupLabeller(db, registry, lang);
    const read = (batch: readonly string[]) => recordsByIds(db, reg, batch, scope);
    const job = { reg, lang, columns: exportColumns(reg, lang), ids, sheetName: name, read, labels };
    // A list that imports exports the import's layout, so the file re-imports unchanged.
    const imported = reg.views.list.import;
    const file = imported ? await buildImportFile(app.jobs, { reg, lang, title: name, validatedRows: imported.maxRows, ids, read, labels }) : await buildXlsx(app.jobs, job);
    return attachment(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${name}.xlsx`, ids.length).send(file);
  });

  app.post<{ Params: Params; Body: { ids: string[] } }>('/api/entities/:entity/export-files', { schema: S.files }, async (req, reply) => {
    const reg = entityOf(req);
    const lang = requestLanguage(req);
    const declared = reg.views.list.exportFiles;
    if (!declared) throw new ApiError(404, 'EXPORT_NOT_DECLARED', { entity: text(reg.entity.label, lang, reg.name) });
    const scope = scopeOf(allowed(req, reg), registry);
    const only = selection(req.body)!;
    const records = await recordsByIds(db, reg, only, scope);
    if (!records.length) throw new ApiError(400, 'NOTHING_SELECTED');
    const entries = await zipEntries(db, reg, records, declared.field, lang);
    if (entries.length > declared.maxFiles) throw new ApiError(400, 'EXPORT_FILES_LIMIT', { max: declared.maxFiles, count: entries.length });
    if (!entries.length) throw new ApiError(400, 'NO_FILES_TO_EXPORT');
    const zip = zipStream(entries, storage);
    zip.on('error', (err: Error) => req.log.error({ err }, 'files export failed while streaming'));
    return attachment(reply, 'application/zip', `${exportFileName(reg, lang)}.zip`, entries.length).send(zip);
  });
}
