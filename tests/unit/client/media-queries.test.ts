import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueries } from '../../../src/settings/media-queries.ts';

/** A stand-in for the browser's `matchMedia`: each query's list, whose `matches` a test sets and whose listeners it calls. */
function fakeMatchMedia(initially: Record<string, boolean>) {
  const lists = new Map<string, { matches: boolean; listeners: Set<() => void> }>();
  const matchMedia = vi.fn((query: string) => {
    const list = { matches: initially[query] ?? false, listeners: new Set<() => void>() };
    lists.set(query, list);
    return { get matches() { return list.matches; }, addEventListener: (_: string, l: () => void) => list.listeners.add(l), removeEventListener: (_: string, l: () => void) => list.listeners.delete(l) };
  });
  const change = (query: string, matches: boolean) => {
    const list = lists.get(query)!;
    list.matches = matches;
    for (const l of list.listeners) l();
  };
  return { matchMedia, change, listeners: (query: string) => lists.get(query)?.listeners.size ?? 0 };
}

afterEach(() => vi.unstubAllGlobals());

describe('mediaQueries', () => {
  it('asks the browser for each query once, however often it is read, and answers in the order given', () => {
    const fake = fakeMatchMedia({ '(min-width: 768px)': true });
    vi.stubGlobal('window', { matchMedia: fake.matchMedia });
    const screens = mediaQueries(['(min-width: 768px)', '(min-width: 992px)']);
    expect(fake.matchMedia).not.toHaveBeenCalled();
    expect(screens.matches()).toEqual([true, false]);
    expect(screens.matches()).toEqual([true, false]);
    expect(fake.matchMedia).toHaveBeenCalledTimes(2);
  });

  it('tells a subscriber of a change to any of its queries, and nothing after it unsubscribes', () => {
    const fake = fakeMatchMedia({});
    vi.stubGlobal('window', { matchMedia: fake.matchMedia });
    const screens = mediaQueries(['(min-width: 768px)', '(min-width: 992px)']);
    const onChange = vi.fn();
    const unsubscribe = screens.subscribe(onChange);
    fake.change('(min-width: 992px)', true);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screens.matches()).toEqual([false, true]);
    unsubscribe();
    expect(fake.listeners('(min-width: 768px)')).toBe(0);
    expect(fake.listeners('(min-width: 992px)')).toBe(0);
  });

  it('matches nothing where there is no matchMedia (no browser)', () => {
    vi.stubGlobal('window', {});
    const motion = mediaQueries(['(prefers-reduced-motion: reduce)']);
    expect(motion.matches()).toEqual([]);
    expect(() => motion.subscribe(() => undefined)()).not.toThrow();
  });
});
