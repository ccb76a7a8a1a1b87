import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { userOfToken, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
    sessionToken?: string;
  }
}

/** API paths open without a session. */
const PUBLIC_API = new Set([
  '/api/auth/public-key',
  '/api/auth/token',
  '/api/auth/captcha',
  '/api/auth/sso/validate',
  '/api/auth/sso/login',
  '/api/sgs-im/im/getNotifyMsg',
  '/api/error-logs',
  '/api/openapi.json',
  '/api/health',
  '/api/accounts/codes',
  '/api/accounts/register',
  '/api/accounts/simple-register',
  '/api/accounts/password-reset',
]);
export const TOKEN_HEADER = 'portico-auth';
export const TOKEN_COOKIE = 'portico_token';

/** The session token from the `Portico-Auth: bearer …` header or the `portico_token` cookie. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value.replace(/^bearer\s+/i, '').trim() || undefined;
  const cookie = req.headers.cookie?.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(TOKEN_COOKIE.length + 1)) : undefined;
}

/** Every /api call but the public ones needs a live session; a 401 sends the client to /login. */
export function installSessionHook(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const token = tokenOf(req);
    const user = token ? await userOfToken(db, token) : undefined;
    if (!user && PUBLIC_API.has(path)) return;
    if (!user) throw new ApiError(401, 'UNAUTHORIZED');
    req.user = user;
    req.sessionToken = token;
  });
}

/** The request's user; the session hook guarantees one on protected routes. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new ApiError(401, 'UNAUTHORIZED');
  return req.user;
}
