import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { message, pickLanguage, SchemaBudgetError, type FieldError, type Language, type MessageCode } from '../../engine/index.ts';
import { schemaViolations } from './schema-validation.ts';

/** An error meant for the user: an HTTP status, a message code and, for 400s, per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly errors?: readonly FieldError[],
    readonly data?: unknown,
  ) {
    super(code);
  }
}

export const requestLanguage = (req: FastifyRequest): Language => pickLanguage(req.headers['accept-language']);

export function sendError(reply: FastifyReply, lang: Language, err: ApiError): FastifyReply {
  return reply.status(err.status).send({
    code: err.status,
    errorCode: err.code,
    message: message(err.code, lang, err.params),
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.data !== undefined ? { data: err.data } : {}),
  });
}

/** Maps Fastify's own client errors (bad JSON, huge bodies, wrong content type) to 4xx envelopes. */
function fromFastify(err: FastifyError, req: FastifyRequest, lang: Language): ApiError | undefined {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
    return new ApiError(400, 'MALFORMED_JSON');
  }
  // A route schema refused the request: per-field messages in the request's language.
  if (err.validation) return new ApiError(400, 'VALIDATION_FAILED', {}, schemaViolations(err, req, lang));
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, 'BAD_REQUEST', { detail: err.message });
  }
  return undefined;
}

/** Turns an error of a lower layer (a database constraint) into the user's error, or passes. */
export type ErrorMapper = (err: unknown, lang: Language) => ApiError | undefined;

/** One error handler: user errors as localized envelopes, anything else logged and never leaked. */
export function installErrorHandler(app: FastifyInstance, mappers: readonly ErrorMapper[] = []): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (error instanceof ApiError) return sendError(reply, lang, error);
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
