import type { FastifyInstance } from 'fastify';
import { checkedSchema, validateForm, type EntityRegistry, type EntitySchema } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser, publicRoute } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { menuFor } from './menu.ts';
import registration from '../../schemas/account/registration.schema.json' with { type: 'json' };

const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const reg = checkedSchema(registration, 'schemas/account/registration.schema.json').properties;

/** What a user may change of their own information (/info/index). */
const PROFILE_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/profile.json',
  type: 'object',
  additionalProperties: false,
  required: ['userName'],
  properties: { userName: reg.userName!, mobile: reg.mobile!, contactNumber: reg.contactNumber! },
};

/** Account settings (/personality/settings): the settings page list holds client_home_page. */
const SETTINGS_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/settings.json',
  type: 'object',
  additionalProperties: false,
  properties: {
    client_home_page: { type: 'string', pattern: '^/[A-Za-z0-9/_-]*$', maxLength: 200, 'x-label': L('登录后首页', 'Home page after login') },
    language: { type: 'string', enum: ['zh-CN', 'en-US'], 'x-label': L('界面语言', 'Interface language') },
  },
};

/** The guide: up to 7 steps and 4 onboarding tasks (SPEC §9). */
const GUIDE_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/guide.json',
  type: 'object',
  additionalProperties: false,
  properties: {
    step: { type: 'integer', minimum: 0, maximum: 7 },
    dismissed: { type: 'boolean' },
    tasks: {
      type: 'object',
      additionalProperties: false,
      properties: { buyer: { type: 'boolean' }, contact: { type: 'boolean' }, address: { type: 'boolean' }, notifications: { type: 'boolean' } },
    },
  },
};

/** One client error (SPEC §3 error log entry). */
const ERROR_LOG_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/error-log.json',
  type: 'object',
  properties: {
    entries: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          url: { type: 'string', maxLength: 2000 },
          time: { type: 'string', maxLength: 50 },
          type: { type: 'string', maxLength: 50 },
          message: { type: 'string', maxLength: 5000 },
          stack: { type: 'string', maxLength: 20000 },
          info: {},
        },
      },
    },
  },
  required: ['entries'],
};

/** The logged-in user's menu, information, settings and guide, and the client error log. */
export function portalRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  const check = (schema: EntitySchema, body: unknown, req: Parameters<typeof requestLanguage>[0]) => {
    const errors = validateForm(schema, body, requestLanguage(req));
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    return body as Record<string, unknown>;
  };

  app.get('/api/menu', async (req) => ok(menuFor(registry, currentUser(req).permissionMap, requestLanguage(req))));

  app.get('/api/account/me', async (req) => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select u.account, u.user_name as "userName", u.email, u.mobile, u.contact_number as "contactNumber", c.name as "companyName",
         c.customer_no as "customerNo", c.approval_status as "companyStatus", u.status, u.settings
       from users u join companies c on c.id = u.company_id where u.id = $1`,
      [currentUser(req).id],
    );
    return ok(rows[0]);
  });

  app.put('/api/account/me', async (req) => {
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

  app.put('/api/account/settings', async (req) => {
    const body = check(SETTINGS_SCHEMA, req.body, req);
    await db.query('update users set settings = settings || $2::jsonb where id = $1', [currentUser(req).id, JSON.stringify(body)]);
    return ok(body);
  });

  app.post('/api/auth/save-user-guide', async (req) => {
    const body = check(GUIDE_SCHEMA, req.body, req);
    await db.query('update users set guide = guide || $2::jsonb where id = $1', [currentUser(req).id, JSON.stringify(body)]);
    return ok({});
  });

  app.post('/api/error-logs', { ...publicRoute(10), bodyLimit: 256 * 1024 }, async (req) => {
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
