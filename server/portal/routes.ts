import type { FastifyInstance } from 'fastify';
import { validateForm, type EntityRegistry, type EntitySchema } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser, publicRoute } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { menuFor } from './menu.ts';
import { ERROR_LOG_SCHEMA, GUIDE_SCHEMA, PORTAL_SCHEMAS as S, PROFILE_SCHEMA, SETTINGS_SCHEMA } from './portal-schemas.ts';

/** The logged-in user's menu, information, settings and guide, and the client error log. */
export function portalRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  const check = (schema: EntitySchema, body: unknown, req: Parameters<typeof requestLanguage>[0]) => {
    const errors = validateForm(schema, body, requestLanguage(req));
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    return body as Record<string, unknown>;
  };

  app.get('/api/menu', { schema: S.menu }, async (req) => ok(menuFor(registry, currentUser(req).permissionMap, requestLanguage(req))));

  app.get('/api/account/me', { schema: S.account }, async (req) => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select u.account, u.user_name as "userName", u.email, u.mobile, u.contact_number as "contactNumber", c.name as "companyName",
         c.customer_no as "customerNo", c.approval_status as "companyStatus", u.status, u.settings
       from users u join companies c on c.id = u.company_id where u.id = $1`,
      [currentUser(req).id],
    );
    return ok(rows[0]);
  });

  app.put('/api/account/me', { schema: S.profile }, async (req) => {
    const body = check(PROFILE_SCHEMA, req.body, req);
    try {
      await db.query('update users set user_name = $2, mobile = $3, contact_number = $4 where id = $1', [
        currentUser(req).id,
        body.userName,
        body.mobile ?? null,
        body.contactNumber ?? null,
      ]);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ApiError(409, 'MOBILE_REGISTERED');
      throw err;
    }
    return ok({});
  });

  app.put('/api/account/settings', { schema: S.settings }, async (req) => {
    const body = check(SETTINGS_SCHEMA, req.body, req);
    await db.query('update users set settings = settings || $2::jsonb where id = $1', [currentUser(req).id, JSON.stringify(body)]);
    return ok(body);
  });

  app.post('/api/auth/save-user-guide', { schema: S.guide }, async (req) => {
    const body = check(GUIDE_SCHEMA, req.body, req);
    await db.query('update users set guide = guide || $2::jsonb where id = $1', [currentUser(req).id, JSON.stringify(body)]);
    return ok({});
  });

  app.post('/api/error-logs', { ...publicRoute(10), bodyLimit: 256 * 1024, schema: S.errorLogs }, async (req) => {
    const { entries } = check(ERROR_LOG_SCHEMA, req.body, req) as { entries: Record<string, unknown>[] };
    for (const e of entries) {
      await db.query('insert into error_logs (user_id, url, time, type, message, stack, info) values ($1, $2, $3, $4, $5, $6, $7::jsonb)', [
        req.user?.id ?? null,
        e.url ?? null,
        e.time ?? null,
        e.type ?? null,
        e.message ?? null,
        e.stack ?? null,
        e.info === undefined ? null : JSON.stringify(e.info),
      ]);
    }
    return ok({ received: entries.length });
  });
}
