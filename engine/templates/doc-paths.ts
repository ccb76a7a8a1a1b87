import { fieldPath } from '../schema/field-path.ts';

/**
 * Reading and writing stored documents along field paths' keys (engine/schema/field-path.ts) whose
 * array levels are implicit (`samples.color` is the color of every sample). Every key is checked
 * with Object.hasOwn: a document's keys never reach Object.prototype.
 */
export type Json = Record<string, unknown>;

export interface Location {
  /** The object holding the field. */
  container: Json;
  key: string;
  /** The concrete field path, array indexes included: `samples.0.color`, `/a.b/0/color`. */
  path: string;
}

type Level = { value: unknown; keys: readonly string[] };

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects reached by walking `keys` from `from`, fanning out over arrays on the way, with their concrete paths. */
export function containers(from: Json, keys: readonly string[]): { container: Json; path: string }[] {
  return containersWithKeys(from, keys).map(({ value, keys: at }) => ({ container: value, path: fieldPath(at) }));
}

function containersWithKeys(from: Json, keys: readonly string[]): { value: Json; keys: readonly string[] }[] {
  let level: Level[] = [{ value: from, keys: [] }];
  for (const key of keys) {
    const next: Level[] = [];
    for (const { value, keys: at } of spread(level)) {
      if (Object.hasOwn(value, key)) next.push({ value: value[key], keys: [...at, key] });
    }
    level = next;
  }
  return spread(level);
}

/** Objects as themselves, arrays as their object items (with indexes in the keys). */
function spread(level: Level[]): { value: Json; keys: readonly string[] }[] {
  const out: { value: Json; keys: readonly string[] }[] = [];
  for (const { value, keys } of level) {
    if (isObject(value)) out.push({ value, keys });
    else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (isObject(item)) out.push({ value: item, keys: [...keys, String(i)] });
      });
    }
  }
  return out;
}

/** Every present occurrence of the field at `keys` (its value defined). */
export function locate(doc: Json, keys: readonly string[]): Location[] {
  const last = keys[keys.length - 1];
  if (last === undefined) return [];
  return containersWithKeys(doc, keys.slice(0, -1))
    .filter(({ value }) => Object.hasOwn(value, last) && value[last] !== undefined)
    .map(({ value, keys: at }) => ({ container: value, key: last, path: fieldPath([...at, last]) }));
}

/** The value at a plain object path below `from` (no arrays on the way), if present. */
export function readPlain(from: Json, keys: readonly string[]): { found: boolean; value?: unknown } {
  let cur: unknown = from;
  for (const key of keys) {
    if (!isObject(cur) || !Object.hasOwn(cur, key)) return { found: false };
    cur = cur[key];
  }
  return cur === undefined ? { found: false } : { found: true, value: cur };
}

export function deletePlain(from: Json, keys: readonly string[]): void {
  let cur: unknown = from;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(cur) || !Object.hasOwn(cur, key)) return;
    cur = cur[key];
  }
  const last = keys[keys.length - 1];
  if (isObject(cur) && last !== undefined) delete cur[last];
}

/** Writes a value at a plain object path, creating the objects on the way; false when a non-object is in the way. */
export function writePlain(from: Json, keys: readonly string[], value: unknown): boolean {
  if (keys.some((k) => k in Object.prototype)) return false;
  let cur: Json = from;
  for (const key of keys.slice(0, -1)) {
    if (!Object.hasOwn(cur, key) || cur[key] === undefined) cur[key] = {};
    const next = cur[key];
    if (!isObject(next)) return false;
    cur = next;
  }
  const last = keys[keys.length - 1];
  if (last === undefined) return false;
  cur[last] = value;
  return true;
}

export const clone = <T>(value: T): T => structuredClone(value);
