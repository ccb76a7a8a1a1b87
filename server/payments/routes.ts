import type { FastifyInstance, FastifySchema } from 'fastify';
import { currentUser, publicRoute } from '../auth/session-hook.ts';
import { ok, requestLanguage } from '../http/errors.ts';
import { ANY, answers, pathParams } from '../http/route-schemas.ts';
import type { PaymentOrders } from './order-service.ts';

const TAGS = ['payments'];
/** A route's schema with its OpenAPI tags (buildOpenApi reads them). */
const schema = (s: FastifySchema & { tags: string[] }): FastifySchema => s;
/** `sandbox`: the order is paid at a sandbox gateway, where no money moves (the client shows it). */
const ORDER_AND_START = { type: 'object', properties: { order: ANY, start: ANY, sandbox: { type: 'boolean' } } };

/** Notifies per minute and client address: a provider retries, an attacker is slowed. */
export const NOTIFY_RATE = 600;

/**
 * The payment routes (docs/payments.md): paying selected invoices, paying an order again, the
 * outcome the return page asks for (with the order query when no notify came), the exchanges of
 * an order, and each provider's public notify endpoint, whose body reaches the adapter as the
 * raw text its signature covers.
 */
export async function paymentRoutes(app: FastifyInstance, orders: PaymentOrders): Promise<void> {
  app.get('/api/payments/types', { schema: schema({ tags: TAGS, response: answers({ type: 'array', items: { type: 'string' } }) }) }, async () => ok(orders.offered()));

  app.post(
    '/api/payments/orders',
    {
      schema: schema({
        tags: TAGS,
        body: {
          type: 'object',
          properties: { invoiceIds: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } }, payType: { type: 'string', maxLength: 20 } },
        },
        response: answers(ORDER_AND_START, 201),
      }),
    },
    async (req, reply) => {
      const made = await orders.submit(currentUser(req), req.body as { invoiceIds?: unknown; payType?: unknown }, requestLanguage(req));
      return reply.status(201).send({ code: 201, data: made });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/payments/orders/:id/pay',
    { schema: schema({ tags: TAGS, params: pathParams('id'), response: answers(ORDER_AND_START) }) },
    async (req) => ok(await orders.pay(currentUser(req), req.params.id, requestLanguage(req))),
  );

  app.get<{ Params: { id: string } }>(
    '/api/payments/orders/:id/outcome',
    { schema: schema({ tags: TAGS, params: pathParams('id'), response: answers() }) },
    async (req) => ok(await orders.outcome(currentUser(req), req.params.id)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/payments/orders/:id/exchanges',
    { schema: schema({ tags: TAGS, params: pathParams('id'), response: answers() }) },
    async (req) => ok(await orders.exchanges(currentUser(req), req.params.id)),
  );

  // The providers' notifies: public (the provider has no session), rate limited, the body kept raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'application/json', 'text/xml', 'application/xml', 'text/plain'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/api/payments/notify/:provider',
      {
        ...publicRoute(NOTIFY_RATE),
        // The answer is the provider's protocol (Alipay: the text `success`), not the envelope.
        schema: schema({ tags: TAGS, params: pathParams('provider'), response: { 200: { type: 'string' }, 400: { type: 'string' } } }),
      },
      async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const answer = await orders.notify(req.params.provider, { headers: req.headers, rawBody });
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
    // The browser's way back from a provider that returns by a form POST (UnionPay's front
    // notify): a signed body is taken as a notify (verified, logged, applied once), then the
    // browser is sent to /paySuccess, which asks the server for the real outcome.
    scope.post<{ Params: { provider: string }; Querystring: { order?: string } }>(
      '/api/payments/return/:provider',
      {
        ...publicRoute(NOTIFY_RATE),
        schema: schema({
          tags: TAGS,
          params: pathParams('provider'),
          querystring: { type: 'object', properties: { order: { type: 'string', maxLength: 100 } } },
          response: { 303: { type: 'null' } },
        }),
      },
      async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        if (rawBody) await orders.frontReturn(req.params.provider, { headers: req.headers, rawBody });
        const order = req.query.order;
        return reply.redirect(order ? `/paySuccess?order=${encodeURIComponent(order)}` : '/paySuccess', 303);
      },
    );
  });
}
