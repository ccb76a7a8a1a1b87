/**
 * Whether the payment sandboxes run (docs/payments.md, "Sandbox"): a sandbox gateway takes "Pay"
 * and the invoice is paid with no money moving, so it is an explicit choice, never a fallback.
 *
 * - `PAYMENTS_SANDBOX=1`: on, for every provider without real keys; `PAYMENTS_SANDBOX=0`: off.
 * - Unset: on only for the local demo — `PUBLIC_URL` a loopback address, no provider with real
 *   keys and `NODE_ENV` not `production`; else off (a provider without keys is not offered).
 * - On with a `PUBLIC_URL` that is not a loopback address: start-up is refused, unless
 *   `PAYMENTS_SANDBOX_PUBLIC=1` says a shared test system is meant.
 *
 * A pure function of the configuration, so the start-up decision is unit-tested as it is made.
 */
export type SandboxDecision =
  | { sandbox: true; why: 'explicit' | 'local demo' }
  | { sandbox: false; why: 'explicit' | 'real keys' | 'not loopback' | 'production' }
  | { refused: string };

export interface SandboxFacts {
  env: Record<string, string | undefined>;
  /** The portal's address as payers reach it (notify and return URLs are built on it). */
  publicUrl: string;
  /** The providers configured with real keys. */
  configured: readonly string[];
}

/** `1`/`true`, `0`/`false`, unset/empty; anything else is a mistake worth stopping for. */
export function flag(env: SandboxFacts['env'], key: string): boolean | undefined | { bad: string } {
  const value = env[key]?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return { bad: `${key} must be 1 or 0, not "${env[key]}"` };
}

/** localhost (and *.localhost), 127.0.0.0/8, ::1: a browser elsewhere cannot reach it. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host);
}

export function decideSandbox({ env, publicUrl, configured }: SandboxFacts): SandboxDecision {
  const asked = flag(env, 'PAYMENTS_SANDBOX');
  const allowPublic = flag(env, 'PAYMENTS_SANDBOX_PUBLIC');
  if (typeof asked === 'object') return { refused: asked.bad };
  if (typeof allowPublic === 'object') return { refused: allowPublic.bad };
  const loopback = isLoopbackUrl(publicUrl);
  if (asked === false) return { sandbox: false, why: 'explicit' };
  if (asked === undefined) {
    if (configured.length) return { sandbox: false, why: 'real keys' };
    if (env.NODE_ENV === 'production') return { sandbox: false, why: 'production' };
    return loopback ? { sandbox: true, why: 'local demo' } : { sandbox: false, why: 'not loopback' };
  }
  if (!loopback && allowPublic !== true) {
    return {
      refused:
        `PAYMENTS_SANDBOX=1 with PUBLIC_URL=${publicUrl}, which is not a loopback address: payers there could "pay" invoices in the sandbox with no money moving. ` +
        'Set PAYMENTS_SANDBOX=0 and configure the providers (docs/payment-providers.md), or PAYMENTS_SANDBOX_PUBLIC=1 for a shared test system.',
    };
  }
  return { sandbox: true, why: 'explicit' };
}

/** `decideSandbox`, throwing its refusal: whether the sandboxes run. */
export function sandboxOnOrRefuse(facts: SandboxFacts): boolean {
  const decision = decideSandbox(facts);
  if ('refused' in decision) throw new PaymentsConfigError(decision.refused);
  return decision.sandbox;
}

/** A payment configuration the server refuses to start with; its message is the one line `npm start` prints. */
export class PaymentsConfigError extends Error {
  override name = 'PaymentsConfigError';
}
