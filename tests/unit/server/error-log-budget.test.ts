import { describe, expect, it } from 'vitest';
import { LocalByteBudget } from '../../../server/portal/error-log-budget.ts';

/** The in-process byte budget of POST /api/error-logs (PGlite, one process): fixed one-minute windows per address. */
describe('error-log byte budget in one process', () => {
  it('admits bytes up to the budget in a window, refuses past it with the seconds left, and starts again after a minute', async () => {
    let now = 1_000_000;
    const budget = new LocalByteBudget(1_000, () => now);
    expect(await budget.take('a', 600)).toBe(0);
    expect(await budget.take('a', 400)).toBe(0);
    now += 15_000;
    expect(await budget.take('a', 1)).toBe(45);
    expect(await budget.take('b', 1_000)).toBe(0);
    now += 45_000;
    expect(await budget.take('a', 1_000)).toBe(0);
  });

  it('remembers a bounded number of addresses, forgetting the earliest windows first', async () => {
    let now = 0;
    const budget = new LocalByteBudget(10, () => now);
    expect(await budget.take('first', 11)).toBeGreaterThan(0);
    for (let i = 0; i < 10_000; i++) await budget.take(`client ${i}`, 1);
    now += 1;
    // 'first' was forgotten to make room: its window starts again.
    expect(await budget.take('first', 5)).toBe(0);
    expect(await budget.take('client 9999', 10)).toBeGreaterThan(0);
  });
});
