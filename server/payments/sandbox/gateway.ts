import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../engine/index.ts';
import type { PayStart, PaymentTypeId } from '../provider.ts';

/**
 * A sandbox gateway plays one provider's side in dev and test (never in production config):
 * its own key pair(s) made at start, a pay page with Pay / Fail, a signed asynchronous notify to
 * the server's notify URL, and the provider's server-to-server API (query, refund, close), with
 * the provider's real signatures both ways. It is mounted in the same Fastify app at
 * `/sandbox/<id>` (`mountSandbox`), so `npm start` pays end to end with nothing else running.
 *
 * Convention for each provider `<id>` (alipay, wechat, unionpay): `server/payments/sandbox/<id>.ts`
 * exports `<id>Sandbox(opts: SandboxOptions): SandboxGateway<<Id>Config>` whose `config` is what
 * the adapter `create<Id>Provider(config, ctx)` of `server/payments/<id>.ts` takes.
 */
export interface SandboxOptions {
  /** The gateway's absolute address: `${publicUrl}/sandbox/<id>`. */
  baseUrl: string;
  /** How the gateway reaches the server (its notifies): into the same app when the address is the app's. */
  fetch: typeof fetch;
}

export interface SandboxGateway<C> {
  readonly id: PaymentTypeId;
  /** The adapter's configuration pointing at this gateway, with its keys. */
  readonly config: C;
  /** The gateway's routes, registered in a scope prefixed `/sandbox/<id>` whose bodies reach them as raw strings. */
  routes(scope: FastifyInstance): void;
  /** `drop` loses notifies (tests of the order query as the fallback); `send` by default. */
  notifyMode: 'send' | 'drop';
}

/** Requests per minute and client a sandbox route takes (they are public, like the provider's). */
export const SANDBOX_RATE = 300;

/** Mounts a gateway at `/sandbox/<id>`: public routes, form and JSON bodies kept as the raw text a signature covers. */
export async function mountSandbox(app: FastifyInstance, gateway: SandboxGateway<unknown>): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addContentTypeParser(['application/x-www-form-urlencoded', 'application/json', 'text/xml', 'application/xml'], { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      gateway.routes(scope);
    },
    { prefix: `/sandbox/${gateway.id}` },
  );
}

/** A provider's trade number: digits, like theirs (date + random). */
export function tradeNumber(at = new Date()): string {
  const day = at.toISOString().slice(0, 10).replace(/-/g, '');
  return `${day}${Array.from({ length: 16 }, () => Math.floor(Math.random() * 10)).join('')}`;
}

/**
 * A sandbox's start with the portal's language (`lang`, the sandboxes' own parameter, outside any
 * signature): the payer's sandbox page speaks the portal's language, not the browser's.
 */
export function withSandboxLanguage(start: PayStart, lang: Language): PayStart {
  const add = (url: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
  if (start.kind === 'redirect') return { ...start, url: add(start.url) };
  if (start.kind === 'qr') return { ...start, codeUrl: add(start.codeUrl) };
  return { ...start, action: add(start.action) };
}
