import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifySchema, FastifyInstance } from 'fastify';
import { publicRoute } from '../auth/session-hook.ts';
import { passUnderPressure } from '../http/back-pressure.ts';
import { ApiError } from '../http/errors.ts';
import type { AppMetrics } from './metrics.ts';

/** Who may read /metrics: the bearer of `token`, and clients from the `allow` addresses. Neither: nobody (404). */
export interface MetricsAccess {
  token?: string;
  /** IP addresses and CIDR ranges (METRICS_ALLOW). */
  allow: readonly string[];
}

/** The shortest METRICS_TOKEN taken: a guessable token would publish the figures. */
const MIN_TOKEN_LENGTH = 16;

/** Scrapes a client may make a minute (Prometheus scrapes every 15 s to 1 min; several servers may scrape). */
const SCRAPES_PER_MINUTE = 120;

/** METRICS_TOKEN and METRICS_ALLOW (a comma list of addresses and CIDR ranges); a bad one stops the start with one line. */
export function metricsAccessFromEnv(env: Record<string, string | undefined>): MetricsAccess {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < MIN_TOKEN_LENGTH) throw new Error(`METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters long`);
  const allow = (env.METRICS_ALLOW ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  blockListOf(allow);
  return { token, allow };
}

/** The addresses as a node:net BlockList (used as an allow list); throws naming the first that is neither an address nor a range. */
function blockListOf(allow: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of allow) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))) {
      throw new Error(`METRICS_ALLOW must list IP addresses or CIDR ranges (10.0.0.0/8), not "${entry}"`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/** A client's address as the list reads it: an IPv4 address mapped into IPv6 (::ffff:127.0.0.1) as IPv4. */
function clientAllowed(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an `Authorization: Bearer …` header is the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || typeof header !== 'string') return false;
  const given = /^bearer\s+(.+)$/i.exec(header.trim())?.[1];
  return given !== undefined && given.length <= 512 && timingSafeEqual(digest(given), digest(token));
}

const META_SCHEMA: FastifySchema & { tags: string[] } = { tags: ['meta'] };

/** Who may scrape: `off` when nobody is configured, else whether this request's token or address is. */
export function metricsGate(access: MetricsAccess): (authorization: string | undefined, ip: string) => 'allowed' | 'forbidden' | 'off' {
  const list = blockListOf(access.allow);
  return (authorization, ip) => {
    if (!access.token && !access.allow.length) return 'off';
    return bearerMatches(authorization, access.token) || clientAllowed(list, ip) ? 'allowed' : 'forbidden';
  };
}

/**
 * GET /metrics: the Prometheus text (docs/operations.md, Metrics) for the configured token or
 * addresses; 403 with a message otherwise, 404 when neither is configured (metrics off). Answered
 * under pressure too: an overloaded process is when its figures matter. Behind a proxy the client's
 * address is the proxy's unless TRUST_PROXY is set: allow by token there.
 */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics, access: MetricsAccess): void {
  const gate = metricsGate(access);
  const limited = publicRoute(SCRAPES_PER_MINUTE);
  const config = { ...limited.config, pressureHandler: passUnderPressure };
  app.get('/metrics', { config, schema: META_SCHEMA }, async (req, reply) => {
    const verdict = gate(req.headers.authorization, req.ip);
    if (verdict === 'off') throw new ApiError(404, 'ROUTE_NOT_FOUND');
    if (verdict === 'forbidden') throw new ApiError(403, 'METRICS_FORBIDDEN');
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(await metrics.text());
  });
}
