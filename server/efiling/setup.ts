import type { FastifyInstance } from 'fastify';
import type { Env } from '../payments/registry.ts';
import { createCpscApi } from './cpsc-api.ts';
import { mountEmulator, RegulatorEmulator } from './emulator.ts';
import type { RegulatorAdapter } from './regulator.ts';

/**
 * Where certificates go, from configuration (docs/efiling.md):
 * - `CPSC_API_URL`: the regulator's certificate API;
 * - else, when the emulator is on (`EFILING_EMULATOR=1`, or unset outside `NODE_ENV=production`:
 *   on in the embedded setup and tests): the local emulator mounted at `/sandbox/cpsc`;
 * - else no regulator: a filing sent is refused as unreachable after its attempts.
 * `CPSC_TIMEOUT_MS` bounds one call (default 40 s, SPEC §9).
 */
export interface Regulator {
  readonly adapter: RegulatorAdapter;
  /** The emulator in this app, when it runs (tests tell it to fail). */
  readonly emulator?: RegulatorEmulator;
}

export function emulatorOn(env: Env): boolean {
  if (env.EFILING_EMULATOR === '0' || env.EFILING_EMULATOR === 'false') return false;
  if (env.EFILING_EMULATOR === '1' || env.EFILING_EMULATOR === 'true') return true;
  return env.NODE_ENV !== 'production';
}

export async function buildRegulator(app: FastifyInstance, opts: { env: Env; publicUrl: string; fetch: typeof fetch }): Promise<Regulator> {
  const timeoutMs = Number(opts.env.CPSC_TIMEOUT_MS) > 0 ? Number(opts.env.CPSC_TIMEOUT_MS) : 40_000;
  const configured = opts.env.CPSC_API_URL?.trim().replace(/\/+$/, '');
  if (configured) return { adapter: createCpscApi({ baseUrl: configured, timeoutMs }, opts.fetch) };
  if (emulatorOn(opts.env)) {
    const emulator = new RegulatorEmulator(timeoutMs + 500);
    await mountEmulator(app, emulator);
    return { adapter: createCpscApi({ baseUrl: `${opts.publicUrl}/sandbox/cpsc`, timeoutMs }, opts.fetch), emulator };
  }
  return { adapter: createCpscApi({ baseUrl: 'http://regulator.invalid', timeoutMs }, opts.fetch) };
}
