import { describe, expect, it } from 'vitest';
import { emulatorDecision } from '../../../server/efiling/setup.ts';

/**
 * Issue 52: the regulator emulator is an explicit choice, never a fallback, so a deployment's
 * certificates can never go to it unnoticed (as the payment sandboxes: server/payments/sandbox-policy.ts).
 */
describe('whether the e-filing regulator emulator runs', () => {
  const local = 'http://localhost:8080';
  const shared = 'https://portal.example.com';

  it('runs, unset, for the local demo and tests only', () => {
    expect(emulatorDecision({}, local)).toBe(true);
    expect(emulatorDecision({}, 'http://127.0.0.1:41234')).toBe(true);
    expect(emulatorDecision({ NODE_ENV: 'production' }, local)).toBe(false);
    expect(emulatorDecision({}, shared)).toBe(false);
  });

  it('follows an explicit 1 or 0, and stops start-up for anything else', () => {
    expect(emulatorDecision({ EFILING_EMULATOR: '1', NODE_ENV: 'production' }, local)).toBe(true);
    expect(emulatorDecision({ EFILING_EMULATOR: '0' }, local)).toBe(false);
    expect(() => emulatorDecision({ EFILING_EMULATOR: 'yes' }, local)).toThrow('EFILING_EMULATOR must be 1 or 0, not "yes"');
  });

  it('refuses to run on a public address unless a shared test system is declared', () => {
    expect(() => emulatorDecision({ EFILING_EMULATOR: '1' }, shared)).toThrow(/CPSC_API_URL, or EFILING_EMULATOR_PUBLIC=1/);
    expect(emulatorDecision({ EFILING_EMULATOR: '1', EFILING_EMULATOR_PUBLIC: '1' }, shared)).toBe(true);
    expect(emulatorDecision({ EFILING_EMULATOR: '0' }, shared)).toBe(false);
  });
});
