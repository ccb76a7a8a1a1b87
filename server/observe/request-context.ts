import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request id of the work in progress, carried through what a request causes: the mail it
 * queues (outbox.request_id), the effects its transitions write (effects.request_id) and the timers
 * they set (records.timer_request_id). A worker delivering or firing one of them runs in its row's
 * request id again (`withRequestId`), so what it queues in turn carries the same id and every log
 * line of one user's action names it (docs/operations.md, Logs).
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** The request id of the work in progress, or null outside a request and a worker's row. */
export const currentRequestId = (): string | null => context.getStore()?.requestId ?? null;

/** Runs `work` as part of request `requestId` (none: of no request, whatever runs around it). */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : context.exit(work);
}

/** What an incoming `x-request-id` (a proxy's id) may be to be kept: anything else is replaced. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: the proxy's id when it is a plain token, else a new UUID (unique across processes and restarts). */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && FORWARDED_ID.test(given) ? given : randomUUID();
}

/**
 * The request id for everything the request does (first onRequest hook: the context reaches the
 * later hooks and the handler), and in the answer's `x-request-id` header, for a user to quote.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    context.run({ requestId: req.id }, done);
  });
}
