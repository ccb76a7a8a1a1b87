import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Queryable } from '../db/database.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';
import { ApiError } from './errors.ts';

/**
 * `on` in the product (counted in this process: enough for one process, as with PGlite);
 * `shared` counts in the database, for several processes on one PostgreSQL (rate-limit-store.ts);
 * `off` for tests that hammer a route on purpose (fuzzing).
 */
export type RateLimits = 'on' | 'shared' | 'off';

/**
 * Browser protections (helmet: CSP, nosniff, frame-ancestors, referrer policy; HSTS on https only)
 * and per-client rate limits on the routes that declare one (`publicRoute(perMinute)`: every
 * public API route does), answered with a 429 in the request's language. `formOrigins`: the
 * other origins a page of ours may post a form to (a configured payment gateway). `onRefused`
 * hears each refusal with the route's pattern (counted in /metrics).
 */
export async function installProtections(
  app: FastifyInstance,
  limits: RateLimits,
  formOrigins: readonly string[] = [],
  db?: Queryable,
  inlineScripts: readonly string[] = [],
  onRefused?: (route: string) => void,
): Promise<void> {
  // One helmet middleware for the process: its headers are the same for every response
  // (@fastify/helmet built the middleware again on every request, parsing the policy each time).
  const protect = helmet({
    // The portal is often served over plain HTTP on an intranet: no upgrade, no HSTS there.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // ajv compiles the declarations' schemas (templates designed at run time too) with
        // `new Function`: eval is allowed, foreign scripts are not, and inline ones only by their
        // hash (the built page's first paint: server/http/inline-scripts.ts).
        scriptSrc: ["'self'", "'unsafe-eval'", ...inlineScripts],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // /myiframe embeds the external links of the user's menu.
        frameSrc: ["'self'", 'http:', 'https:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Paying posts a form to a configured payment gateway (UnionPay); the sandboxes are ours.
        formAction: ["'self'", ...formOrigins],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => protect(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  app.addHook('onSend', async (req: FastifyRequest, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  if (limits === 'off') return;
  await app.register(rateLimit, {
    global: false,
    ...(limits === 'shared' && db ? { store: databaseRateLimitStore(db) } : {}),
    errorResponseBuilder: (_req, ctx) => new ApiError(429, 'RATE_LIMITED', { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
    onExceeded: (req) => onRefused?.(req.routeOptions.url ?? 'unmatched'),
  });
}
