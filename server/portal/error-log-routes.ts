import type { FastifyInstance } from 'fastify';
import { validateForm } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { publicRoute } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import type { RateLimits } from '../http/protections.ts';
import { byteBudget } from './error-log-budget.ts';
import { ERROR_LOG_LIMITS, insertErrorLogs, trimErrorLogs, type ErrorLogLimits } from './error-log-repo.ts';
import { ERROR_LOG_BODY_LIMIT, ERROR_LOG_SCHEMA, PORTAL_SCHEMAS as S } from './portal-schemas.ts';

/**
 * POST /api/error-logs: the client's errors, public. A client address may send 10 batches and
 * `bytesPerMinute` bytes of entries a minute (429 past either); repeats are aggregated and the table
 * is capped (error-log-repo.ts), so what one address costs the database is bounded.
 */
export function errorLogRoutes(app: FastifyInstance, db: Database, rateLimits: RateLimits, options: Partial<ErrorLogLimits> = {}): void {
  const limits = { ...ERROR_LOG_LIMITS, ...options };
  const budget = byteBudget(rateLimits, db, limits.bytesPerMinute, 'POST /api/error-logs');

  app.post('/api/error-logs', { ...publicRoute(10), bodyLimit: ERROR_LOG_BODY_LIMIT, schema: S.errorLogs }, async (req, reply) => {
    const lang = requestLanguage(req);
    const errors = validateForm(ERROR_LOG_SCHEMA, req.body, lang);
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    const { entries } = req.body as { entries: Record<string, unknown>[] };
    const wait = await budget.take(req.ip, Buffer.byteLength(JSON.stringify(entries)));
    if (wait) {
      void reply.header('retry-after', String(wait));
      throw new ApiError(429, 'ERROR_LOG_BUDGET', { kb: Math.floor(limits.bytesPerMinute / 1024), seconds: wait });
    }
    if (await insertErrorLogs(db, req.user?.id ?? null, entries, limits.trimEvery)) {
      // The entries are kept: a trim that fails (the database busy) is the next one's work, not this request's error.
      await trimErrorLogs(db, limits).catch((err: unknown) => req.log.warn({ err }, 'error log trim failed'));
    }
    return ok({ received: entries.length });
  });
}
