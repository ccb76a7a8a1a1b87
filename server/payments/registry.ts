import type { FastifyInstance } from 'fastify';
import { alipayConfigFromEnv, createAlipayProvider } from './alipay.ts';
import type { PaymentProvider, PaymentTypeId, ProviderContext } from './provider.ts';
import { alipaySandbox } from './sandbox/alipay.ts';
import { createWechatProvider, wechatConfigFromEnv } from './wechat.ts';
import { wechatSandbox } from './sandbox/wechat.ts';
import { createUnionpayProvider, unionpayConfigFromEnv } from './unionpay.ts';
import { unionpaySandbox } from './sandbox/unionpay.ts';
import { mountSandbox, type SandboxGateway, type SandboxOptions } from './sandbox/gateway.ts';
import { sandboxOnOrRefuse } from './sandbox-policy.ts';

/**
 * Which payment providers the server offers, from configuration (SPEC §9: Alipay, WeChat Pay,
 * UnionPay). For each provider module:
 * - configured in the environment (its adapter's `<id>ConfigFromEnv`, e.g. ALIPAY_APP_ID …):
 *   the real adapter against the provider's real gateway;
 * - else, when the sandbox is on: the adapter against the provider's sandbox gateway, mounted in
 *   this app at `/sandbox/<id>` with keys made at start;
 * - else: not offered (the payment type is not shown).
 *
 * Whether the sandbox is on is `decideSandbox` (sandbox-policy.ts): explicit (`PAYMENTS_SANDBOX`),
 * else only for the local demo (a loopback `PUBLIC_URL`, no provider with real keys); refused with
 * a non-loopback `PUBLIC_URL` unless `PAYMENTS_SANDBOX_PUBLIC=1`.
 *
 * A provider is one module here: `server/payments/<id>.ts` (adapter + `<id>ConfigFromEnv`) and
 * `server/payments/sandbox/<id>.ts` (its gateway), listed in `PROVIDER_MODULES`.
 */
export interface ProviderModule<C> {
  id: PaymentTypeId;
  configFromEnv(env: Env): C | undefined;
  create(config: C, ctx: ProviderContext): PaymentProvider;
  sandbox(opts: SandboxOptions): SandboxGateway<C>;
  /** The origin the browser posts its pay form to (UnionPay's gateway), allowed by the CSP's form-action. */
  formOrigin?(config: C): string;
}

export type Env = Record<string, string | undefined>;

const module = <C>(m: ProviderModule<C>): ProviderModule<unknown> => m as ProviderModule<unknown>;

/** The provider modules, in the order the payment types are offered. */
export const PROVIDER_MODULES: readonly ProviderModule<unknown>[] = [
  module({ id: 'alipay', configFromEnv: alipayConfigFromEnv, create: createAlipayProvider, sandbox: alipaySandbox }),
  module({ id: 'wechat', configFromEnv: wechatConfigFromEnv, create: createWechatProvider, sandbox: wechatSandbox }),
  module({ id: 'unionpay', configFromEnv: unionpayConfigFromEnv, create: createUnionpayProvider, sandbox: unionpaySandbox, formOrigin: (c) => new URL(c.baseUrl).origin }),
];

/** The providers configured with real keys in `env`. */
export function configuredProviders(env: Env, modules: readonly ProviderModule<unknown>[] = PROVIDER_MODULES): PaymentTypeId[] {
  return modules.filter((m) => m.configFromEnv(env) !== undefined).map((m) => m.id);
}

/**
 * Whether the sandboxes run with this configuration; throws `PaymentsConfigError` (one line for
 * the operator) when start-up must be refused. `npm start` asks before anything else starts.
 */
export function paymentSandboxOn(env: Env, publicUrl: string, modules: readonly ProviderModule<unknown>[] = PROVIDER_MODULES): boolean {
  return sandboxOnOrRefuse({ env, publicUrl, configured: configuredProviders(env, modules) });
}

/**
 * The origins of the real gateways the browser posts a pay form to (CSP form-action, besides
 * 'self' where the sandboxes answer), from configuration.
 */
export function paymentFormOrigins(env: Env, modules: readonly ProviderModule<unknown>[] = PROVIDER_MODULES): string[] {
  const origins = new Set<string>();
  for (const m of modules) {
    const configured = m.configFromEnv(env);
    if (configured !== undefined && m.formOrigin) origins.add(m.formOrigin(configured));
  }
  return [...origins];
}

export interface PaymentProviders {
  /** The offered providers, by payment type. */
  readonly providers: ReadonlyMap<PaymentTypeId, PaymentProvider>;
  /** The sandbox gateways running in this app (empty when the sandbox is off). */
  readonly sandboxes: ReadonlyMap<PaymentTypeId, SandboxGateway<unknown>>;
}

/**
 * Builds the offered providers and mounts the sandboxes in `app`. `fetch` is how adapters and
 * sandboxes reach their peers (`loopbackFetch`: into this app for its own address).
 */
export async function buildPaymentProviders(
  app: FastifyInstance,
  opts: { env: Env; publicUrl: string; fetch: typeof fetch; log: ProviderContext['log']; modules?: readonly ProviderModule<unknown>[] },
): Promise<PaymentProviders> {
  const providers = new Map<PaymentTypeId, PaymentProvider>();
  const sandboxes = new Map<PaymentTypeId, SandboxGateway<unknown>>();
  const ctx: ProviderContext = { fetch: opts.fetch, log: opts.log };
  const modules = opts.modules ?? PROVIDER_MODULES;
  const withSandbox = paymentSandboxOn(opts.env, opts.publicUrl, modules);
  for (const m of modules) {
    const configured = m.configFromEnv(opts.env);
    if (configured !== undefined) {
      providers.set(m.id, m.create(configured, ctx));
    } else if (withSandbox) {
      const gateway = m.sandbox({ baseUrl: `${opts.publicUrl}/sandbox/${m.id}`, fetch: opts.fetch });
      await mountSandbox(app, gateway);
      sandboxes.set(m.id, gateway);
      providers.set(m.id, m.create(gateway.config, ctx));
    }
  }
  return { providers, sandboxes };
}

/** Rejects, with the signal's reason, when it aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * `fetch` that answers requests for the app's own address (`publicUrl`) inside the app (Fastify
 * inject): the sandbox's notify to the server and the adapters' calls to the sandbox work the same
 * whether the app listens (npm start) or not (API tests). Other addresses go to the network.
 */
export function loopbackFetch(app: FastifyInstance, publicUrl: string, network: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${publicUrl}/`)) return network(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const injected = app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.slice(publicUrl.length),
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    // The caller's timeout (AbortSignal) holds inside the app as it does over the network.
    const signal = init?.signal;
    const res = signal ? await Promise.race([injected, aborted(signal)]) : await injected;
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers: out });
  };
}
