import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { message, pickLanguage, SchemaBudgetError, type Language, type MessageCode } from '../../engine/index.ts';
import { schemaViolations } from './schema-validation.ts';
import { DependencyUnavailableError } from '../outage/unavailable.ts';
import { ApiError } from './api-error.ts';

export { ApiError };

/** A deliberate 503: the server is busy, not the request wrong; the answer says when to try again (Retry-After, seconds). */
export class BusyError extends ApiError {
  constructor(
    code: MessageCode,
    params: Record<string, string | number>,
    readonly retryAfter: number,
  ) {
    super(503, code, params);
  }
}

export const requestLanguage = (req: FastifyRequest): Language => pickLanguage(req.headers['accept-language']);

export function sendError(reply: FastifyReply, lang: Language, err: ApiError): FastifyReply {
  if (err instanceof BusyError) reply.header('retry-after', String(err.retryAfter));
  return reply.status(err.status).send({
    code: err.status,
    errorCode: err.code,
    message: message(err.code, lang, err.params),
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.data !== undefined ? { data: err.data } : {}),
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route takes as its body, as people name it ('PDF, JPG'): said when another content type is sent (JSON unless told). */
    accepts?: string;
  }
}

/** Maps Fastify's own client errors (bad JSON, huge bodies, wrong content type) to 4xx envelopes. */
function fromFastify(err: FastifyError, req: FastifyRequest, lang: Language): ApiError | undefined {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
    return new ApiError(400, 'MALFORMED_JSON');
  }
  // A body of a type no parser takes (a .csv sent as a file): the types the route takes, for people.
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', { types: req.routeOptions.config.accepts ?? 'JSON' });
  // A route schema refused the request: per-field messages in the request's language.
  if (err.validation) return new ApiError(400, 'VALIDATION_FAILED', {}, schemaViolations(err, req, lang));
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, 'BAD_REQUEST', { detail: err.message });
  }
  return undefined;
}

/** Seconds a client is asked to wait (`Retry-After`) after a dependency's outage: a restarting database is usually back by then. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** A dependency's outage (server/outage/unavailable.ts) as the user's error: 503, to retry shortly. */
function fromOutage(err: unknown): ApiError | undefined {
  if (!(err instanceof DependencyUnavailableError)) return undefined;
  return new ApiError(503, err.dependency === 'database' ? 'DATABASE_UNAVAILABLE' : 'STORAGE_UNAVAILABLE');
}

/** Turns an error of a lower layer (a database constraint) into the user's error, or passes. */
export type ErrorMapper = (err: unknown, lang: Language) => ApiError | undefined;

/** One error handler: user errors as localized envelopes, anything else logged and never leaked. */
export function installErrorHandler(app: FastifyInstance, mappers: readonly ErrorMapper[] = []): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (error instanceof ApiError) return sendError(reply, lang, error);
    const outage = fromOutage(error);
    if (outage) {
      req.log.warn({ err: error }, 'dependency unavailable');
      return sendError(reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)), lang, outage);
    }
    // A schema whose walk went past its budget (engine/schema/walk.ts): the user's schema, not the server, is at fault.
    if ((error as unknown) instanceof SchemaBudgetError) return sendError(reply, lang, new ApiError(422, 'SCHEMA_TOO_COMPLEX', { max: (error as unknown as SchemaBudgetError).budget }));
    const client = fromFastify(error, req, lang) ?? mappers.reduce<ApiError | undefined>((found, map) => found ?? map(error, lang), undefined);
    if (client) return sendError(reply, lang, client);
    req.log.error({ err: error }, 'unhandled error');
    return sendError(reply, lang, new ApiError(500, 'INTERNAL'));
  });
  app.setNotFoundHandler((req, reply) => sendError(reply, requestLanguage(req), new ApiError(404, 'ROUTE_NOT_FOUND')));
}

export const ok = (data: unknown) => ({ code: 200, data });
