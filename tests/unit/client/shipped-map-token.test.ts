import { describe, expect, it, vi } from 'vitest';
import { theme } from 'antd';
import { shippedMapToken } from '../../../scripts/antd-map-token.ts';
import { portalTheme } from '../../../src/settings/portal-theme.ts';
import { seedKey, withShippedMapToken } from '../../../src/settings/shipped-map-token.ts';
import { COLOURS } from '../../../src/settings/ui-settings.ts';

/** The seed antd's ConfigProvider hands its algorithm for a theme: its default seed with the theme's tokens over it. */
const seedOf = (colour: string, stillness = false) => ({ ...theme.defaultSeed, ...portalTheme({ colour, dark: false, stillness }).token });

describe('the map tokens the build ships for the default theme', () => {
  const shipped = JSON.parse(JSON.stringify(shippedMapToken())) as ReturnType<typeof shippedMapToken>;
  const light = withShippedMapToken(theme.defaultAlgorithm, shipped, theme.defaultSeed);

  it('are what antd derives for the default theme, through JSON as the build writes them, without deriving again', () => {
    const derive = vi.fn(theme.defaultAlgorithm);
    const answered = withShippedMapToken(derive, shipped, theme.defaultSeed)(seedOf('orange'));
    expect(derive).not.toHaveBeenCalled();
    expect(answered).toEqual(theme.defaultAlgorithm(seedOf('orange')));
    expect(light(seedOf('orange'))).toEqual(theme.defaultAlgorithm(seedOf('orange')));
  });

  it('are handed out as a copy, so antd changing one does not change the next', () => {
    const first = light(seedOf('orange'));
    (first as unknown as Record<string, unknown>).colorPrimary = '#000000';
    expect(light(seedOf('orange')).colorPrimary).toBe(theme.defaultAlgorithm(seedOf('orange')).colorPrimary);
  });

  it('answer only their own seed: another colour, less motion or an algorithm after another are derived', () => {
    const derive = vi.fn(theme.defaultAlgorithm);
    const blue = withShippedMapToken(derive, shipped, theme.defaultSeed)(seedOf('blue'));
    expect(derive).toHaveBeenCalledTimes(1);
    expect(blue).toEqual(theme.defaultAlgorithm(seedOf('blue')));
    expect(blue.colorPrimary).not.toBe(shipped.map.colorPrimary);
    expect(COLOURS.blue).not.toBe(COLOURS.orange);
    expect(light(seedOf('orange', true))).toEqual(theme.defaultAlgorithm(seedOf('orange', true)));
    const after = vi.fn(theme.defaultAlgorithm);
    withShippedMapToken(after, shipped, theme.defaultSeed)(seedOf('orange'), theme.compactAlgorithm(seedOf('orange')));
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('key a seed by its tokens, not their order', () => {
    expect(seedKey({ a: 1, b: '2' })).toBe(seedKey({ b: '2', a: 1 }));
    expect(seedKey({ a: 1 })).not.toBe(seedKey({ a: 2 }));
  });

  it('leave the algorithm as it is when nothing was shipped (development)', () => {
    expect(withShippedMapToken(theme.defaultAlgorithm, undefined, theme.defaultSeed)).toBe(theme.defaultAlgorithm);
  });
});
