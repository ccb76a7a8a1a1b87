import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError, ok } from '../http/errors.ts';
import { currentUser, publicRoute, setSessionCookies } from './session-hook.ts';
import { createSession, userOfToken } from './sessions.ts';
import { AUTH_SCHEMAS as S } from './auth-schemas.ts';
import { insertSsoToken, ssoTokenValid, useSsoToken } from './sso-repo.ts';

/** A one-time sign-in token lives 2 minutes: long enough to follow a link, short enough to leak little. */
export const SSO_TTL_SECONDS = 120;
const hash = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * /sso: another system (or another tab of ours) gets a one-time token from a live session and
 * opens /sso?token=…; the page validates it, then exchanges it for a session of its own.
 */
export function ssoRoutes(app: FastifyInstance, db: Database, sessionResponse: (token: string) => Promise<unknown>): void {
  app.post('/api/auth/sso-tokens', { schema: S.ssoTokens }, async (req) => {
    const user = currentUser(req);
    const token = randomBytes(24).toString('base64url');
    await insertSsoToken(db, hash(token), user.id, SSO_TTL_SECONDS);
    return ok({ ssoToken: token, expiresInSeconds: SSO_TTL_SECONDS });
  });

  app.get<{ Querystring: { token?: string } }>('/api/auth/sso/validate', { ...publicRoute(30), schema: S.ssoValidate }, async (req) => {
    return ok({ valid: await ssoTokenValid(db, hash(String(req.query.token ?? ''))) });
  });

  app.post('/api/auth/sso/login', { ...publicRoute(30), schema: S.ssoLogin }, async (req, reply) => {
    const body = (req.body ?? {}) as { token?: unknown };
    if (typeof body.token !== 'string') throw new ApiError(400, 'SSO_TOKEN_INVALID');
    const userId = await useSsoToken(db, hash(body.token));
    if (!userId) throw new ApiError(401, 'SSO_TOKEN_INVALID');
    const { token } = await createSession(db, userId);
    if (!(await userOfToken(db, token))) throw new ApiError(403, 'ACCOUNT_PENDING', { status: '' });
    setSessionCookies(req, reply, token);
    return ok(await sessionResponse(token));
  });
}
