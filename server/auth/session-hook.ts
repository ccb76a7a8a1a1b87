import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { logAsUser } from '../observe/logging.ts';
import { SESSION_MS, userOfToken, type SessionUser } from './sessions.ts';
import type { GrantSource } from './roles.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
    sessionToken?: string;
    /** On a socket route: why the session does not authenticate the socket, which then closes with it as reason. */
    socketRefusal?: 'UNAUTHORIZED' | 'CROSS_ORIGIN';
  }
  interface FastifyContextConfig {
    /** The route answers without a session (login, registration, the client's files). */
    public?: boolean;
    /**
     * A WebSocket route: the upgrade is accepted whatever the session, and the socket closes with a
     * reason (`socketRefusal`) when the session does not authenticate it — a browser sees no HTTP status.
     */
    socket?: boolean;
  }
}

/**
 * Route options of a route that answers without a session, with its limit of requests per client
 * address and minute (a 429 past it). Every other route needs a session.
 */
export const publicRoute = (perMinute: number) => ({ config: { public: true, rateLimit: { max: perMinute, timeWindow: 60_000 } } });

export const TOKEN_HEADER = 'portico-auth';
/** The session token: HttpOnly, set by the server at login, never readable by scripts. */
export const TOKEN_COOKIE = 'portico_token';
/**
 * A non-secret marker of the cookie session (a hash prefix of the token), readable by the client so
 * that a new tab knows to restore the session from the HttpOnly cookie. It authenticates nothing.
 */
export const SESSION_MARKER_COOKIE = 'portico_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const raw = req.cookies?.[name];
  return raw ? raw : undefined;
}

/** The session token from the `Portico-Auth: bearer …` header, else from the HttpOnly cookie. */
function credentialsOf(req: FastifyRequest): { token?: string; byCookie: boolean } {
  const header = req.headers[TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return { token: value.replace(/^bearer\s+/i, '').trim() || undefined, byCookie: false };
  const cookie = cookieOf(req, TOKEN_COOKIE);
  return { token: cookie, byCookie: Boolean(cookie) };
}

/**
 * A cookie is sent by the browser whatever page asks, so a state-changing call authenticated by the
 * cookie alone must come from our own origin: its Origin (or, without one, its Referer) names this host.
 */
function sameOrigin(req: FastifyRequest): boolean {
  const source = req.headers.origin ?? req.headers.referer;
  if (!source || source === 'null') return false;
  try {
    return new URL(source).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Every route Fastify matched needs a live session unless it is declared public (`PUBLIC`). The
 * check reads the matched route, never the raw URL, so percent-encoding or case tricks that still
 * reach a route meet the same check.
 */
export function installSessionHook(app: FastifyInstance, db: Database, grants: GrantSource): void {
  app.addHook('onRequest', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route === undefined) return; // no route: the not-found handler answers
    const { token, byCookie } = credentialsOf(req);
    const user = token ? await userOfToken(db, token, grants) : undefined;
    if (req.routeOptions.config.socket === true) {
      // A socket's upgrade is a GET a page on another site may open with our cookie: the cookie counts from our origin only.
      if (!user) req.socketRefusal = 'UNAUTHORIZED';
      else if (byCookie && !sameOrigin(req)) req.socketRefusal = 'CROSS_ORIGIN';
      else {
        req.user = user;
        req.sessionToken = token;
        logAsUser(req, reply, user);
      }
      return;
    }
    if (!user) {
      if (req.routeOptions.config.public === true) return;
      throw new ApiError(401, 'UNAUTHORIZED');
    }
    if (byCookie && !SAFE_METHODS.has(req.method) && !sameOrigin(req)) {
      // A public route answers anyone: a cookie-borne write from elsewhere (or from a page whose
      // no-referrer policy makes the browser send `Origin: null`, e.g. a form posted on to a
      // payment gateway) is served as anonymous, never with the cookie's authority.
      if (req.routeOptions.config.public === true) return;
      throw new ApiError(403, 'CROSS_ORIGIN');
    }
    req.user = user;
    req.sessionToken = token;
    logAsUser(req, reply, user);
  });
}

const secureRequest = (req: FastifyRequest) => req.protocol === 'https';

/** After a login: the token as an HttpOnly, SameSite cookie (file links), plus the script-readable marker. */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: secureRequest(req), maxAge: SESSION_MS / 1000 };
  reply.setCookie(TOKEN_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(SESSION_MARKER_COOKIE, createHash('sha256').update(token).digest('hex').slice(0, 12), { ...common, httpOnly: false });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  for (const name of [TOKEN_COOKIE, SESSION_MARKER_COOKIE]) reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: secureRequest(req) });
}

/** The request's user; the session hook guarantees one on protected routes. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new ApiError(401, 'UNAUTHORIZED');
  return req.user;
}
