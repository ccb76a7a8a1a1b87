import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { NotifyResult, PaymentProvider, PayRequest, ProviderExchange } from '../../server/payments/provider.ts';
import { mountSandbox, type SandboxGateway, type SandboxOptions } from '../../server/payments/sandbox/gateway.ts';

/** A free TCP port on 127.0.0.1 (the sandbox's URLs must be known before its routes are registered). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A real HTTP server holding a provider's sandbox (under /sandbox/<id>) and the merchant's notify
 * endpoint (/notify/<id>, which hands the raw body to the adapter's verifyNotify and answers its
 * reply), as the portal will mount them. Adapter and sandbox talk over real HTTP.
 */
export class SandboxServer {
  readonly notifies: NotifyResult[] = [];
  readonly exchanges: ProviderExchange[] = [];
  provider!: PaymentProvider;

  private constructor(
    readonly app: FastifyInstance,
    readonly origin: string,
    /** The merchant's notify endpoint: /notify/<id>. */
    readonly notifyPath: string,
  ) {}

  /** Listens with `make`'s gateway mounted at /sandbox/<id> (mountSandbox, as the portal does) and the notify endpoint /notify/<id>. */
  static async start<C, G extends SandboxGateway<C>>(
    id: string,
    make: (opts: SandboxOptions) => G,
    create: (config: C, ctx: SandboxServer['context']) => PaymentProvider,
  ): Promise<{ server: SandboxServer; gateway: G; provider: PaymentProvider }> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = Fastify();
    const server = new SandboxServer(app, origin, `/notify/${id}`);
    const gateway = make({ baseUrl: `${origin}/sandbox/${id}`, fetch });
    await mountSandbox(app, gateway);
    await app.register(async (scope) => {
      scope.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string' }, (_req, body, done) => done(null, body));
      scope.post(`/notify/${id}`, async (req, reply) => {
        const result = await server.provider.verifyNotify({ headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' });
        server.notifies.push(result);
        return reply.code(result.reply.status).type(result.reply.contentType).send(result.reply.body);
      });
    });
    await app.listen({ port, host: '127.0.0.1' });
    server.provider = create(gateway.config, server.context);
    return { server, gateway, provider: server.provider };
  }

  private seq = 0;

  /** A PayRequest of a fresh order whose notifies come to this server; `expiresInMs` negative: already expired. */
  payRequest(amountFen = 12345, expiresInMs = 15 * 60_000): PayRequest {
    return {
      orderNo: `PO${Date.now()}${++this.seq}`,
      amountFen,
      currency: 'CNY',
      subject: '发票 INV-0001 / Invoice INV-0001',
      notifyUrl: `${this.origin}${this.notifyPath}`,
      returnUrl: `${this.origin}${this.notifyPath}`,
      expiresAt: new Date(Date.now() + expiresInMs),
    };
  }

  readonly context = { fetch: (input: string | URL | Request, init?: RequestInit) => fetch(input, init), log: (e: ProviderExchange) => void this.exchanges.push(e) };

  close(): Promise<void> {
    return this.app.close();
  }
}

/** Submits one of a sandbox page's buttons (a form POST) and returns the page it answers. */
export async function submitForm(action: string, fields: Record<string, string> = {}, lang = 'en-US'): Promise<{ status: number; html: string }> {
  const res = await fetch(action, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': lang }, body: new URLSearchParams(fields).toString() });
  return { status: res.status, html: await res.text() };
}

/** The action URLs of a sandbox page's forms, by button name. */
export function formActions(html: string): Record<string, { action: string; fields: Record<string, string> }> {
  const out: Record<string, { action: string; fields: Record<string, string> }> = {};
  const unescape = (s: string) => s.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));
  for (const m of html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<button type="submit" name="([^"]*)">/g)) {
    const fields: Record<string, string> = {};
    for (const f of m[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(f[1]!)] = unescape(f[2]!);
    out[m[3]!] = { action: unescape(m[1]!), fields };
  }
  return out;
}

/**
 * A provider's sandbox and its adapter for a describe block: started before its tests, closed after
 * them. The fields are set once the block runs; `order` makes a fresh order's PayRequest.
 */
export function useSandboxServer<C, G extends SandboxGateway<C>>(
  id: string,
  make: (opts: SandboxOptions) => G,
  create: (config: C, ctx: SandboxServer['context']) => PaymentProvider,
): { server: SandboxServer; gateway: G; provider: PaymentProvider; config: C; order(amountFen?: number, expiresInMs?: number): PayRequest } {
  const sb = { order: (amountFen?: number, expiresInMs?: number) => sb.server.payRequest(amountFen, expiresInMs) } as ReturnType<typeof useSandboxServer<C, G>>;
  beforeAll(async () => {
    Object.assign(sb, await SandboxServer.start(id, make, create));
    sb.config = sb.gateway.config;
  });
  afterAll(() => sb.server.close());
  return sb;
}
