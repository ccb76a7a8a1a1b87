/**
 * Seeded payload fuzzing: values drawn from a JSON Schema (valid-looking ones, so requests get
 * past the first checks) mixed with hostile ones (NUL, lone surrogates, huge numbers, long and
 * deep values, wrong types). The same seed gives the same payloads.
 */
export type Rng = () => number;

/** mulberry32: small, fast, good enough for test data, and reproducible from a 32-bit seed. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\ud83d\ude00', "'; drop table records; --", '%00', '../../etc/passwd',
  '<script>alert(1)</script>', '\u202e\u202d', 'null', '1e300', '-0', '0x10', '{"$gt":""}', '\\', '"', '中文名称',
];
const HOSTILE_NUMBERS = [0, -1, 1.5, 1e300, -1e300, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1e-300, 999999999999];

function hostile(r: Rng, depth: number): unknown {
  switch (Math.floor(r() * 9)) {
    case 0:
      return pick(r, HOSTILE_STRINGS);
    case 1:
      return pick(r, HOSTILE_NUMBERS);
    case 2:
      return 'x'.repeat(pick(r, [200, 3000, 20_000]));
    case 3: {
      let v: unknown = 'deep';
      for (let i = 0; i < pick(r, [10, 40, 200]); i++) v = r() < 0.5 ? { d: v } : [v];
      return v;
    }
    case 4:
      return pick(r, [null, true, false, [], {}]);
    case 5:
      return Array.from({ length: pick(r, [1, 5, 60]) }, () => (depth < 3 ? hostile(r, depth + 1) : 'x'));
    case 6:
      return { [pick(r, HOSTILE_STRINGS)]: depth < 3 ? hostile(r, depth + 1) : 1 };
    case 7:
      return pick(r, ['2026-02-30', '9999-12-31T99:99:99Z', 'not-a-date', '2026-11-23']);
    default:
      return pick(r, HOSTILE_STRINGS) + pick(r, HOSTILE_STRINGS);
  }
}

type Schema = Record<string, any>;

/** A value for the schema: mostly plausible, hostile with probability `chaos` at every level. */
export function valueFor(schema: Schema | undefined, r: Rng, chaos: number, depth = 0): unknown {
  if (!schema || depth > 6 || r() < chaos) return hostile(r, depth);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return pick(r, schema.enum);
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants) && variants.length) return valueFor(pick(r, variants), r, chaos, depth + 1);
  const type = Array.isArray(schema.type) ? pick(r, schema.type) : schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (r() < 0.7 || schema.required?.includes(k)) out[k] = valueFor(sub, r, chaos, depth + 1);
      }
      if (r() < chaos) out[pick(r, ['extra', '__proto__', 'constructor', 'x\u0000'])] = hostile(r, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.floor(r() * 3) }, () => valueFor(schema.items, r, chaos, depth + 1));
    case 'string':
      if (schema.format === 'date') return pick(r, ['2026-11-01', '2026-12-31']);
      if (schema.format === 'date-time') return new Date(Date.UTC(2026, 10, 1 + Math.floor(r() * 20))).toISOString();
      if (schema.format === 'email') return `user${Math.floor(r() * 1000)}@example.com`;
      return `text ${Math.floor(r() * 1e6)}`.slice(0, schema.maxLength ?? 50);
    case 'integer':
      return Math.floor(r() * 100);
    case 'number':
      return Math.round(r() * 10_000) / 100;
    case 'boolean':
      return r() < 0.5;
    case 'null':
      return null;
    default:
      return hostile(r, depth);
  }
}

/** Every string leaf of a value, with its path (to compare what was sent with what was stored). */
export function stringLeaves(v: unknown, path: string[] = []): { path: string[]; value: string }[] {
  if (typeof v === 'string') return [{ path, value: v }];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringLeaves(x, [...path, String(i)]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringLeaves(x, [...path, k]));
  return [];
}

export function at(v: unknown, path: readonly string[]): unknown {
  let cur = v;
  for (const p of path) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
  return cur;
}
