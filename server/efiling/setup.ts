import type { FastifyInstance } from 'fastify';
import type { Env } from '../payments/registry.ts';
import { flag, isLoopbackUrl } from '../payments/sandbox-policy.ts';
import { createCpscApi } from './cpsc-api.ts';
import { mountEmulator, RegulatorEmulator } from './emulator.ts';
import type { RegulatorAdapter } from './regulator.ts';

/**
 * Where certificates go, from configuration (docs/efiling.md):
 * - `CPSC_API_URL`: the regulator's certificate API;
 * - else, when the emulator is on (`emulatorDecision`): the local emulator mounted at
 *   `/sandbox/cpsc`, whose reference numbers start `EMU-` so that none is taken for the regulator's;
 * - else no regulator: a filing sent is refused as unreachable after its attempts.
 * `CPSC_TIMEOUT_MS` bounds one call (default 40 s, SPEC §9).
 */
export interface Regulator {
  readonly adapter: RegulatorAdapter;
  /** The emulator in this app, when it runs (tests tell it to fail). */
  readonly emulator?: RegulatorEmulator;
}

/**
 * Whether the regulator emulator runs — an explicit choice, never a fallback, as the payment
 * sandboxes (server/payments/sandbox-policy.ts), since a certificate "filed" there reaches no one:
 * - `EFILING_EMULATOR=1`: on; `0`: off;
 * - unset: on only for the local demo and tests (`PUBLIC_URL` a loopback address, `NODE_ENV` not
 *   `production`), else off;
 * - on with a `PUBLIC_URL` that is not a loopback address: start-up is refused, unless
 *   `EFILING_EMULATOR_PUBLIC=1` says a shared test system is meant.
 * Refusals (and a flag that is neither 1 nor 0) are thrown: the server does not start.
 */
export function emulatorDecision(env: Env, publicUrl: string): boolean {
  const asked = flag(env, 'EFILING_EMULATOR');
  const allowPublic = flag(env, 'EFILING_EMULATOR_PUBLIC');
  for (const f of [asked, allowPublic]) if (typeof f === 'object') throw new Error(f.bad);
  const loopback = isLoopbackUrl(publicUrl);
  if (asked === undefined) return loopback && env.NODE_ENV !== 'production';
  if (asked && !loopback && allowPublic !== true) {
    throw new Error(`EFILING_EMULATOR=1 with the public address ${publicUrl}: certificates would go to the emulator, not the regulator. Set CPSC_API_URL, or EFILING_EMULATOR_PUBLIC=1 for a shared test system.`);
  }
  return asked === true;
}

export async function buildRegulator(app: FastifyInstance, opts: { env: Env; publicUrl: string; fetch: typeof fetch }): Promise<Regulator> {
  const timeoutMs = Number(opts.env.CPSC_TIMEOUT_MS) > 0 ? Number(opts.env.CPSC_TIMEOUT_MS) : 40_000;
  const configured = opts.env.CPSC_API_URL?.trim().replace(/\/+$/, '');
  if (configured) return { adapter: createCpscApi({ baseUrl: configured, timeoutMs }, opts.fetch) };
  if (emulatorDecision(opts.env, opts.publicUrl)) {
    const emulator = new RegulatorEmulator(timeoutMs + 500);
    await mountEmulator(app, emulator);
    return { adapter: createCpscApi({ baseUrl: `${opts.publicUrl}/sandbox/cpsc`, timeoutMs }, opts.fetch), emulator };
  }
  return { adapter: createCpscApi({ baseUrl: 'http://regulator.invalid', timeoutMs }, opts.fetch) };
}
