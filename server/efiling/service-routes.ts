import type { FastifyInstance, FastifySchema } from 'fastify';
import { LANGUAGES, productMenu, type EntityRegistry, type Language } from '../../engine/index.ts';
import { currentUser } from '../auth/session-hook.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { answers, queryStrings } from '../http/route-schemas.ts';
import { serviceMenu } from '../portal/menu.ts';

const SERVICE = 'efiling';
const TAGS = ['efiling'];
const schema = (s: FastifySchema & { tags: string[] }): FastifySchema => s;

const SESSION = {
  type: 'object',
  required: ['valid', 'account', 'userName', 'companyId', 'permissions'],
  properties: {
    valid: { type: 'boolean' },
    account: { type: 'string' },
    userName: { type: 'string' },
    companyId: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
  },
};

const MENU_ITEM = {
  type: 'object',
  required: ['name', 'path', 'source', 'children'],
  properties: { name: { type: 'string' }, path: { type: 'string' }, source: { type: 'string' }, children: { type: 'array', items: { type: 'object', additionalProperties: true } } },
};

/** The entities of the menu groups the e-filing service serves (menu.json `service: "efiling"`). */
function efilingEntities(registry: EntityRegistry): string[] {
  const groups = new Set(productMenu().groups.filter((g) => g.service === SERVICE).map((g) => g.id));
  return registry
    .list()
    .filter((r) => r.entity.menu?.group && groups.has(r.entity.menu.group))
    .map((r) => r.name);
}

/** The e-filing codes the user holds: those of the service's entities. */
function efilingCodes(registry: EntityRegistry, user: SessionUser): string[] {
  const prefixes = efilingEntities(registry).map((e) => `${e}:`);
  return Object.keys(user.permissionMap)
    .filter((code) => prefixes.some((p) => code.startsWith(p)))
    .sort();
}

/**
 * The e-filing service's own calls (SPEC §7: "e-filing token validate", "e-filing routes"): the
 * client signs in to the service with the session token right after login, then asks it for the
 * e-filing menu. Both are authenticated by the session token like every route; a user holding no
 * e-filing code is refused (403 `EFILING_NOT_PERMITTED`, in the user's language), and the routes
 * answer the e-filing menu groups in `languageCode` (zh-CN or en-US; the request language when
 * left out; another: 400 `EFILING_LANGUAGE`).
 */
export function efilingServiceRoutes(app: FastifyInstance, registry: EntityRegistry): void {
  const permitted = (user: SessionUser) => {
    const codes = efilingCodes(registry, user);
    if (!codes.length) throw new ApiError(403, 'EFILING_NOT_PERMITTED');
    return codes;
  };
  app.post('/api/efiling/token/validate', { schema: schema({ tags: TAGS, response: answers(SESSION) }) }, async (req) => {
    const user = currentUser(req);
    return ok({ valid: true, account: user.account, userName: user.userName, companyId: user.companyId, permissions: permitted(user) });
  });
  app.get<{ Querystring: { languageCode?: string } }>(
    '/api/efiling/routes',
    { schema: schema({ tags: TAGS, querystring: queryStrings('languageCode'), response: answers({ type: 'array', items: MENU_ITEM }) }) },
    async (req) => {
      const user = currentUser(req);
      permitted(user);
      const code = req.query.languageCode;
      if (code !== undefined && !(LANGUAGES as readonly string[]).includes(code)) throw new ApiError(400, 'EFILING_LANGUAGE', { languageCode: code.slice(0, 20) });
      const lang = (code as Language | undefined) ?? requestLanguage(req);
      return ok(serviceMenu(registry, user.permissionMap, lang, SERVICE, user.roles));
    },
  );
}
