import { describe, expect, it } from 'vitest';
import { allFulfilled, loadedNow, loadOnce, settling } from '../../../renderers/env/settled.ts';

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loads whose outcome React can read at once (renderers/env/settled.ts)', () => {
  it('marks a promise pending, then fulfilled with its value, or rejected with its reason', async () => {
    const ok = settling(Promise.resolve(7));
    const failed = settling(Promise.reject(new Error('gone')));
    expect(ok.status).toBe('pending');
    await settle();
    expect([ok.status, ok.value]).toEqual(['fulfilled', 7]);
    expect([failed.status, (failed.reason as Error).message]).toEqual(['rejected', 'gone']);
    expect(settling(ok)).toBe(ok);
  });

  it('loads once for every caller, tells what has arrived without asking, and asks again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = () => {
      calls++;
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: 'page' });
    };
    expect(loadedNow(load)).toBeUndefined();
    expect(calls).toBe(0);
    const first = loadOnce(load);
    expect(loadOnce(load)).toBe(first);
    await first.catch(() => undefined);
    expect(calls).toBe(1);
    expect(loadedNow(load)).toBeUndefined();
    fail = false;
    const second = loadOnce(load);
    expect(second).not.toBe(first);
    await second;
    expect(calls).toBe(2);
    expect(loadedNow(load)).toEqual({ default: 'page' });
    expect(allFulfilled(second, settling(Promise.resolve()))).toBe(false);
    const done = settling(Promise.resolve());
    await settle();
    expect(allFulfilled(second, done)).toBe(true);
  });
});
