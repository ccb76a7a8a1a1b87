import type { FastifyInstance } from 'fastify';
import { validateForm, type EntityRegistry, type EntitySchema } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { menuFor } from './menu.ts';
import { personalData } from '../accounts/personal-data.ts';
import { menuLinksOf } from './menu-links-repo.ts';
import { accountInfo, mergeGuide, mergeSettings, updateProfile } from './account-repo.ts';
import { GUIDE_SCHEMA, PORTAL_SCHEMAS as S, PROFILE_SCHEMA, SETTINGS_SCHEMA } from './portal-schemas.ts';

/** The logged-in user's menu, information, settings and guide (the client error log: error-log-routes.ts). */
export function portalRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  const check = (schema: EntitySchema, body: unknown, req: Parameters<typeof requestLanguage>[0]) => {
    const errors = validateForm(schema, body, requestLanguage(req));
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    return body as Record<string, unknown>;
  };

  app.get('/api/menu', { schema: S.menu }, async (req) => {
    const user = currentUser(req);
    return ok(menuFor(registry, user.permissionMap, requestLanguage(req), { links: await menuLinksOf(db, registry, user.companyId), roles: user.roles }));
  });

  app.get('/api/account/me', { schema: S.account }, async (req) => {
    return ok(await accountInfo(db, currentUser(req).id, requestLanguage(req)));
  });

  // Personal-data rights (PIPL, GDPR): the user's own data as a file; bounded lists (personal-data.ts).
  app.get('/api/account/me/personal-data', { schema: S.personalData }, async (req, reply) => {
    const user = currentUser(req);
    const data = await personalData(db, user.id);
    if (!data) throw new ApiError(404, 'NOT_FOUND');
    const name = `personal-data-${user.account}-${new Date().toISOString().slice(0, 10)}.json`;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });

  app.put('/api/account/me', { schema: S.profile }, async (req) => {
    const body = check(PROFILE_SCHEMA, req.body, req);
    try {
      await updateProfile(db, currentUser(req).id, body);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ApiError(409, 'MOBILE_REGISTERED');
      throw err;
    }
    return ok({});
  });

  app.put('/api/account/settings', { schema: S.settings }, async (req) => {
    const body = check(SETTINGS_SCHEMA, req.body, req);
    await mergeSettings(db, currentUser(req).id, body);
    return ok(body);
  });

  app.post('/api/auth/save-user-guide', { schema: S.guide }, async (req) => {
    const body = check(GUIDE_SCHEMA, req.body, req);
    await mergeGuide(db, currentUser(req).id, body);
    return ok({});
  });
}
