import type { FastifyInstance } from 'fastify';
import type { EntityRegistry } from '../../engine/index.ts';
import { hasPermission, message } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser, publicRoute } from '../auth/session-hook.ts';
import type { LoginKey } from '../auth/rsa-keys.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { listOutbox, type Outbox } from '../mail/outbox.ts';
import { decideAccount, pendingAccounts } from './approval.ts';
import { clearThrottle } from '../auth/login-judge.ts';
import { register, resetPassword, sendCode } from './registration.ts';
import { ACCOUNT_SCHEMAS as S } from './account-schemas.ts';
import { accountNameOf } from './users-repo.ts';
import type { EffectRunner } from '../effects/runner.ts';

type Body = Record<string, unknown>;

/** Public account calls (registration, codes, password reset) and the staff's review and outbox. */
export function accountRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, key: LoginKey, outbox: Outbox, effects: EffectRunner): void {
  /** Decrypts the password and its repeat (both RSA-OAEP like at login); they must match. */
  const passwordOf = (body: Body): string => {
    const password = typeof body.password === 'string' ? key.decrypt(body.password) : undefined;
    const repeat = typeof body.passwordRepeat === 'string' ? key.decrypt(body.passwordRepeat) : undefined;
    if (password === undefined) throw new ApiError(400, 'PASSWORD_NOT_DECRYPTABLE');
    if (repeat !== password) throw new ApiError(400, 'PASSWORD_MISMATCH');
    return password;
  };
  const bodyOf = (raw: unknown): Body => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Body) } : {});
  const requireStaff = (code: string, req: Parameters<typeof currentUser>[0]) => {
    if (!hasPermission(currentUser(req).permissionMap, code)) throw new ApiError(403, 'FORBIDDEN', { permission: code });
  };

  app.post('/api/accounts/codes', { ...publicRoute(10), schema: S.codes }, async (req) => {
    const body = bodyOf(req.body);
    const lang = requestLanguage(req);
    const email = await sendCode(db, outbox, body.email, body.purpose, lang);
    return ok({ message: message('CODE_SENT', lang, { email }) });
  });

  for (const [path, simple] of [['/api/accounts/register', false], ['/api/accounts/simple-register', true]] as const) {
    app.post(path, { ...publicRoute(20), schema: S.register }, async (req, reply) => {
      const body = bodyOf(req.body);
      const password = passwordOf(body);
      delete body.passwordRepeat;
      const { userId } = await register(db, registry, body, password, simple, requestLanguage(req));
      return reply.status(201).send({ code: 201, data: { userId, status: 'toBeReviewed' } });
    });
  }

  app.post('/api/accounts/password-reset', { ...publicRoute(20), schema: S.passwordReset }, async (req) => {
    const body = bodyOf(req.body);
    const password = passwordOf(body);
    delete body.passwordRepeat;
    await resetPassword(db, body, password, requestLanguage(req));
    return ok({});
  });

  app.get('/api/accounts/reviews', { schema: S.reviews }, async (req) => {
    requireStaff('account:approve', req);
    return ok(await pendingAccounts(db));
  });

  app.post<{ Params: { id: string } }>('/api/accounts/:id/approve', { schema: S.decide }, async (req) => {
    requireStaff('account:approve', req);
    await decideAccount(db, registry, effects, req.params.id, { approve: true }, currentUser(req).id, requestLanguage(req));
    return ok({});
  });

  app.post<{ Params: { id: string } }>('/api/accounts/:id/reject', { schema: S.reject }, async (req) => {
    requireStaff('account:approve', req);
    await decideAccount(db, registry, effects, req.params.id, { approve: false, reason: bodyOf(req.body).reason }, currentUser(req).id, requestLanguage(req));
    return ok({});
  });

  // session.machine.ts STAFF_UNLOCK: the account's failed logins and lock are cleared.
  app.post<{ Params: { id: string } }>('/api/accounts/:id/unlock', { schema: S.decide }, async (req) => {
    requireStaff('account:approve', req);
    const account = await accountNameOf(db, req.params.id);
    if (account === undefined) throw new ApiError(404, 'NOT_FOUND');
    await clearThrottle(db, account);
    return ok({});
  });

  app.get<{ Querystring: { to?: string } }>('/api/outbox', { schema: S.outbox }, async (req) => {
    requireStaff('outbox:read', req);
    return ok(await listOutbox(db, req.query.to || undefined));
  });
}
