import type { FastifyInstance } from 'fastify';
import { message, type EntityRegistry, type MessageCode } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { requireDesigner, versionNumber } from './guards.ts';
import { placementChoices } from './menu-placement.ts';
import { loadPublishedTemplates } from './load.ts';
import { syncTemplates } from './template-sync.ts';
import { publishedBundle, publishedBundles } from './published-bundles.ts';
import { TemplateMigrations } from './migration-service.ts';
import { TemplateService } from './template-service.ts';
import { importTemplate } from './template-import.ts';
import { TemplateSettings } from './settings-service.ts';
import { TEMPLATE_SCHEMAS as S } from './template-schemas.ts';

type Code = { code: string };
type CodeVersion = { code: string; version: string };
type Query = Record<string, unknown>;

/** Refusals of a template resolution that mean "no setting applies to this buyer". */
const NO_SETTING: ReadonlySet<MessageCode> = new Set<MessageCode>(['BUYER_NO_CUSTOMER_GROUP', 'TEMPLATE_NOT_CONFIGURED']);

/**
 * Templates (docs/templates.md): designing, versions, publishing, migrating stored records, and
 * the template setting (customer groups, settings, the template for a buyer). Registers the
 * published templates first, so the generic entity endpoints serve them from the start.
 */
export async function templateRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): Promise<void> {
  const warn = (err: unknown, what: string) => app.log.warn({ err }, `templates: ${what} skipped`);
  await loadPublishedTemplates(db, registry, warn);
  const sync = await syncTemplates(db, registry, warn);
  app.addHook('onClose', () => sync.close());
  const templates = new TemplateService(db, registry, app.jobs, warn, sync);
  const migrations = new TemplateMigrations(db, registry);
  const settings = new TemplateSettings(db, registry);
  const v = (p: CodeVersion) => versionNumber(p.version, 'version');

  // A page of the list with `page` (and `pageSize`, ≤ 100): `{ items, total, page, pageSize }`; without it, every template.
  app.get<{ Querystring: { kind?: string; q?: string; page?: string; pageSize?: string } }>('/api/templates', { schema: S.list }, async (req) => {
    const all = await templates.list(currentUser(req), { kind: req.query.kind, q: req.query.q });
    if (req.query.page === undefined) return ok(all);
    const page = versionNumber(req.query.page, 'page');
    const pageSize = req.query.pageSize === undefined ? 20 : versionNumber(req.query.pageSize, 'pageSize');
    if (pageSize > 100) throw new ApiError(400, 'BAD_PAGE');
    return ok({ items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize });
  });
  app.get('/api/template-bundles', { schema: S.bundles }, async (req) => ok(await publishedBundles(db, registry, currentUser(req))));
  app.get<{ Params: CodeVersion }>('/api/template-bundles/:code/:version', { schema: S.bundle }, async (req) => {
    const found = await publishedBundle(db, registry, currentUser(req), req.params.code, v(req.params));
    if (!found) throw new ApiError(404, 'TEMPLATE_VERSION_NOT_FOUND', { code: req.params.code, version: req.params.version });
    return ok(found);
  });
  app.post('/api/templates', { schema: S.create }, async (req, reply) => reply.status(201).send({ code: 201, data: await templates.create(req.body, currentUser(req), requestLanguage(req)) }));
  // A JSON Schema (with its uiSchema and sibling files) as a new template's first draft, and what the import changed.
  app.post('/api/templates/import', { schema: S.create }, async (req, reply) =>
    reply.status(201).send({ code: 201, data: await importTemplate(db, registry, templates, app.jobs, req.body, currentUser(req), requestLanguage(req)) }),
  );
  app.get<{ Params: Code }>('/api/templates/:code', { schema: S.template }, async (req) => ok(await templates.get(req.params.code, currentUser(req))));
  app.post<{ Params: Code }>('/api/templates/:code/versions', { schema: S.newVersion }, async (req, reply) =>
    reply.status(201).send({ code: 201, data: await templates.newVersion(req.params.code, currentUser(req), requestLanguage(req)) }),
  );
  app.get<{ Params: CodeVersion }>('/api/templates/:code/versions/:version', { schema: S.version }, async (req) => ok(await templates.version(req.params.code, v(req.params), currentUser(req))));
  app.put<{ Params: CodeVersion }>('/api/templates/:code/versions/:version', { schema: S.saveDraft }, async (req) =>
    ok(await templates.saveDraft(req.params.code, v(req.params), req.body, currentUser(req), requestLanguage(req))),
  );
  app.delete<{ Params: Code }>('/api/templates/:code', { schema: S.template }, async (req) => {
    await templates.removeTemplate(req.params.code, currentUser(req));
    return ok({});
  });
  app.delete<{ Params: CodeVersion }>('/api/templates/:code/versions/:version', { schema: S.version }, async (req) => {
    await templates.removeDraft(req.params.code, v(req.params), currentUser(req));
    return ok({});
  });
  // A publish without a body keeps the previous version's menu placement: the body schema sees `{}`.
  const noBodyIsEmpty = async (req: { body: unknown }) => {
    req.body ??= {};
  };
  app.post<{ Params: CodeVersion }>('/api/templates/:code/versions/:version/publish', { schema: S.publish, preValidation: noBodyIsEmpty }, async (req) =>
    ok(await templates.publish(req.params.code, v(req.params), req.body, currentUser(req), requestLanguage(req))),
  );
  // The menu groups and roles a publish may place a template in, with their declared labels (designers only).
  app.get('/api/template-placements', { schema: S.placements }, async (req) => {
    requireDesigner(currentUser(req));
    return ok(placementChoices(requestLanguage(req)));
  });
  app.get<{ Params: CodeVersion }>('/api/templates/:code/versions/:version/diff', { schema: S.version }, async (req) =>
    ok(await templates.diff(req.params.code, v(req.params), currentUser(req), requestLanguage(req))),
  );

  app.post<{ Params: Code }>('/api/templates/:code/migrations/preview', { schema: S.migrate }, async (req) =>
    ok(await migrations.preview(req.params.code, req.body, currentUser(req), requestLanguage(req))),
  );
  app.post<{ Params: Code }>('/api/templates/:code/migrations', { schema: S.migrate }, async (req) =>
    ok(await migrations.run(req.params.code, req.body, currentUser(req), requestLanguage(req))),
  );
  app.get<{ Params: Code }>('/api/templates/:code/migrations', { schema: S.history }, async (req) => ok(await migrations.history(req.params.code, currentUser(req))));
  app.get<{ Params: Code; Querystring: Query }>('/api/templates/:code/archive', { schema: S.archive }, async (req) => {
    const record = typeof req.query.record === 'string' ? req.query.record : undefined;
    return ok(await migrations.archive(req.params.code, record, currentUser(req)));
  });

  app.get('/api/customer-groups', { schema: S.groups }, async (req) => ok(await settings.groups(requestLanguage(req))));
  app.post('/api/customer-groups', { schema: S.createGroup }, async (req, reply) => reply.status(201).send({ code: 201, data: await settings.createGroup(req.body, currentUser(req), requestLanguage(req)) }));
  app.get<{ Params: Code }>('/api/customer-groups/:code/members', { schema: S.members }, async (req) => {
    currentUser(req);
    return ok(await settings.members(req.params.code, requestLanguage(req)));
  });
  for (const [method, member] of [['put', true], ['delete', false]] as const) {
    app[method]<{ Params: { code: string; companyId: string } }>('/api/customer-groups/:code/members/:companyId', { schema: S.member }, async (req) => {
      await settings.setMember(req.params.code, req.params.companyId, member, currentUser(req));
      return ok({});
    });
  }

  app.get<{ Querystring: Query }>('/api/template-settings', { schema: S.settings }, async (req) => {
    currentUser(req);
    return ok(await settings.list(req.query));
  });
  app.get<{ Querystring: Query }>('/api/template-settings/resolve', { schema: S.settings }, async (req) => {
    currentUser(req);
    const lang = requestLanguage(req);
    try {
      return ok(await settings.resolve(req.query, lang));
    } catch (e) {
      // No setting applies to this buyer: an answer (no template, and why), not an error.
      if (e instanceof ApiError && NO_SETTING.has(e.code)) return ok({ template: null, reason: { code: e.code, message: message(e.code, lang, e.params) } });
      throw e;
    }
  });
  app.post('/api/template-settings', { schema: S.createSetting }, async (req, reply) => reply.status(201).send({ code: 201, data: await settings.save(undefined, req.body, currentUser(req), requestLanguage(req)) }));
  app.put<{ Params: { id: string } }>('/api/template-settings/:id', { schema: S.saveSetting }, async (req) => ok(await settings.save(req.params.id, req.body, currentUser(req), requestLanguage(req))));
  app.delete<{ Params: { id: string } }>('/api/template-settings/:id', { schema: S.setting }, async (req) => {
    await settings.remove(req.params.id, currentUser(req));
    return ok({});
  });
}
