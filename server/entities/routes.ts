import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILTER_PREFIX, message, own, parseListQuery, pickLanguage, searchProblems, valueAt, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import { renderRecordPdf } from '../documents/record-pdf.ts';
import type { Database, Queryable } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { listAudit } from './audit-repo.ts';
import { listRecords } from './records-repo.ts';
import { entityOfRequest } from './entity-of.ts';
import { EntityService } from './service.ts';
import { scopeOf } from './visibility.ts';
import { DffRecords } from '../templates/dff-records.ts';
import { TemplateRules } from '../templates/template-rules.ts';
import { combineLinked } from './linked-data.ts';
import { EfilingTrfFill } from '../efiling/trf-fill.ts';
import { FirstAccount } from '../accounts/first-account.ts';
import type { Outbox } from '../mail/outbox.ts';
import { ENTITY_SCHEMAS as S } from './entity-schemas.ts';
import type { EffectRunner } from '../effects/runner.ts';

type Params = { entity: string; id: string };

/** The `f.<field>` filters of a list query as field → value (the last of a repeated one). */
const filterValues = (query: Record<string, string | string[]>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([k]) => k.startsWith(FILTER_PREFIX))
      .map(([k, v]) => [k.slice(FILTER_PREFIX.length), String(Array.isArray(v) ? v[v.length - 1] : v)]),
  );

/** The most records one batch action sends its event to (a list page holds at most 200). */
const MAX_BATCH = 200;

/** Generic endpoints for every registered entity (docs/api.md). Routes stay thin: the service decides. */
/** `publicUrl`: the portal's address, for the set-password link of a company's first account. */
/** `reads`: where lists are read (a read replica, READ_DATABASE_URL: docs/deployment.md); the database itself unless given. */
export function entityRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, outbox: Outbox, publicUrl: string, effects?: EffectRunner, reads: Queryable = db): EntityService {
  const service = new EntityService(db, combineLinked([new TemplateRules(db), new DffRecords(db, registry), new FirstAccount(outbox, publicUrl), new EfilingTrfFill(registry, publicUrl)]), registry, effects);
  const entityOf = (req: FastifyRequest): RegisteredEntity => entityOfRequest(registry, req);

  app.get<{ Params: Params; Querystring: Record<string, string | string[]> }>('/api/entities/:entity', { schema: S.list }, async (req) => {
    const reg = entityOf(req);
    const user = currentUser(req);
    const lang = requestLanguage(req);
    if (!user.permissionMap[reg.entity.permissions.list]) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
    const parsed = parseListQuery(reg, req.query, lang);
    if (!parsed.ok) throw new ApiError(400, 'VALIDATION_FAILED', {}, parsed.errors);
    // The list's declared search rules (SPEC §5 dates): the first broken one is the answer's message.
    const problems = searchProblems(reg, filterValues(req.query), lang);
    if (problems[0]) throw new ApiError(400, problems[0].code, problems[0].params, problems.map((p) => ({ field: p.field, keyword: 'search', message: p.message })));
    const { items, total, counts } = await listRecords(reads, reg, parsed.query, scopeOf(user, registry), user.permissionMap);
    return ok({ items, total, page: parsed.query.page, pageSize: parsed.query.pageSize, ...(counts ? { counts } : {}) });
  });

  app.get<{ Params: Params }>('/api/entities/:entity/:id', { schema: S.get }, async (req) =>
    ok(await service.get(entityOf(req), req.params.id, currentUser(req))),
  );

  app.post<{ Params: Params }>('/api/entities/:entity', { schema: S.create }, async (req, reply) => {
    const record = await service.create(entityOf(req), req.body, currentUser(req), requestLanguage(req));
    return reply.status(201).send({ code: 201, data: record });
  });

  app.put<{ Params: Params }>('/api/entities/:entity/:id', { schema: S.update }, async (req) =>
    ok(await service.update(entityOf(req), req.params.id, req.body, currentUser(req), requestLanguage(req))),
  );

  app.delete<{ Params: Params; Querystring: { version?: string } }>('/api/entities/:entity/:id', { schema: S.remove }, async (req) => {
    const version = Number(req.query.version);
    if (!Number.isInteger(version)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'version' });
    await service.remove(entityOf(req), req.params.id, version, currentUser(req), requestLanguage(req));
    return ok({});
  });

  app.post<{ Params: Params }>('/api/entities/:entity/:id/events', { schema: S.send }, async (req) =>
    ok(await service.send(entityOf(req), req.params.id, req.body, currentUser(req), requestLanguage(req))),
  );

  // One event to a selection of records (a list's batch action): each is sent on its own, and the answer says how each went.
  app.post<{ Params: { entity: string }; Body: { type: string; items: { id: string; version: number }[]; payload?: unknown } }>(
    '/api/entities/:entity/events',
    { schema: S.sendMany },
    async (req) => {
      const reg = entityOf(req);
      const { type, items, payload } = req.body;
      if (!items.length) throw new ApiError(400, 'NO_SELECTION');
      if (items.length > MAX_BATCH) throw new ApiError(400, 'BATCH_TOO_LARGE', { max: String(MAX_BATCH) });
      const results = [];
      for (const item of items) {
        try {
          await service.send(reg, item.id, { type, version: item.version, ...(payload === undefined ? {} : { payload }) }, currentUser(req), requestLanguage(req));
          results.push({ id: item.id, ok: true });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          results.push({ id: item.id, ok: false, status: err.status, message: message(err.code, requestLanguage(req), err.params), ...(err.errors ? { errors: err.errors } : {}) });
        }
      }
      return ok({ results });
    },
  );

  app.get<{ Params: Params }>('/api/entities/:entity/:id/history', { schema: S.history }, async (req) => {
    const reg = entityOf(req);
    // A record whose title alone the user may see (access.readGrants) has no history for them.
    if ((await service.get(reg, req.params.id, currentUser(req))).titleOnly) throw new ApiError(404, 'NOT_FOUND');
    return ok(await listAudit(db, reg.name, req.params.id));
  });

  // A record's declared document (a PDF of its detail sections, in the request language or ?lang=).
  app.get<{ Params: Params & { key: string }; Querystring: { lang?: string } }>('/api/entities/:entity/:id/documents/:key', { schema: S.document }, async (req, reply) => {
    const reg = entityOf(req);
    const record = await service.get(reg, req.params.id, currentUser(req));
    if (!own(reg.entity.documents ?? {}, req.params.key)) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    const lang = req.query.lang ? pickLanguage(req.query.lang) : requestLanguage(req);
    const pdf = await renderRecordPdf(app.jobs, reg, record, req.params.key, lang);
    const name = `${String(valueAt(record.doc, reg.entity.titleField) ?? record.id)}.pdf`.replace(/[^\w.-]/g, '_');
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
  });

  app.post<{ Params: Params }>('/api/entities/:entity/:id/copy', { schema: S.copy }, async (req, reply) => {
    const record = await service.copy(entityOf(req), req.params.id, currentUser(req), requestLanguage(req));
    return reply.status(201).send({ code: 201, data: record });
  });
  return service;
}
