import type { MappingAlgorithm } from 'antd';

/** antd's map tokens derived at build time for one seed (scripts/antd-map-token.ts). */
export interface ShippedMapToken {
  /** The theme's own tokens: they were derived from antd's default seed with these over it. */
  token: Record<string, unknown>;
  map: ReturnType<MappingAlgorithm>;
}

/** A seed's tokens as one string, whatever their order. */
export function seedKey(seed: object): string {
  return JSON.stringify(Object.entries(seed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * `algorithm`, answering the shipped seed (`defaultSeed` with the shipped theme's tokens over
 * it, as antd's ConfigProvider merges them) with the shipped tokens instead of deriving them
 * again; any other seed (another colour, less motion) is derived as before. One function per
 * algorithm, made once: antd keeps a theme per algorithm function.
 */
export function withShippedMapToken(algorithm: MappingAlgorithm, shipped: ShippedMapToken | undefined, defaultSeed: object): MappingAlgorithm {
  if (!shipped) return algorithm;
  let key: string | undefined;
  return (seed, map) => {
    key ??= seedKey({ ...defaultSeed, ...shipped.token });
    return map === undefined && seedKey(seed) === key ? { ...shipped.map } : algorithm(seed, map);
  };
}
