import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { fieldAt } from '../schema/resolve.ts';
import { collectFields, depthOf, describeType, sameType } from './field-shapes.ts';
import { fieldPath, joinPath, parentPath, pathKeys } from '../schema/field-path.ts';
import { isLossless } from './convert.ts';
import type { FieldShape, RenameMap, TemplateDiff, TemplateProblem } from './types.ts';
import { TemplateProblemsError } from './types.ts';

/** The rules a designer may change on a kept field; records are re-validated when one does. */
const CONSTRAINTS = [
  'required', 'enum', 'const', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'additionalProperties', 'format',
  'formatMinimum', 'formatMaximum', 'x-cas', 'x-uscc', 'x-gln', 'x-sumTo', 'x-sumField', 'x-dateRange',
] as const satisfies readonly (keyof FieldSchema | string)[];

/** A rename map checked against the two schemas, with its mapping of every old path. */
export interface CheckedRenames {
  /** Explicit renames, in order of the old path's depth (shallow first: a parent moves before its children). */
  ordered: { from: string; to: string }[];
  /** An old path's path in the new version: the longest renamed prefix replaced, else itself. */
  map(path: string): string;
}

/** A path in the spelling collectFields uses (a pointer for ordinary keys, `/buyer/name`, reads `buyer.name`). */
const normal = (path: string): string => fieldPath(pathKeys(path));

/** Checks a rename map against the two versions' fields; throws TemplateProblemsError listing every problem. */
export function checkRenames(before: Map<string, FieldShape>, after: Map<string, FieldShape>, renames: RenameMap): CheckedRenames {
  const entries = Object.entries(renames)
    .map(([from, to]): [string, string] => [normal(from), normal(to)])
    .filter(([from, to]) => from !== to);
  const lookup = new Map(entries);
  const map = (path: string): string => {
    const keys = pathKeys(path);
    for (let n = keys.length; n > 0; n--) {
      const to = lookup.get(fieldPath(keys.slice(0, n)));
      if (to !== undefined) return joinPath(to, fieldPath(keys.slice(n)));
    }
    return path;
  };
  const problems: TemplateProblem[] = [];
  const targets = new Set<string>();
  for (const [from, to] of entries) {
    const at = joinPath('renames', from);
    const source = before.get(from);
    const target = after.get(to);
    if (!source) problems.push({ at, code: 'TEMPLATE_RENAME_FROM_UNKNOWN', params: { from } });
    if (!target) problems.push({ at, code: 'TEMPLATE_RENAME_TO_UNKNOWN', params: { to } });
    if (targets.has(to)) problems.push({ at, code: 'TEMPLATE_RENAME_TARGET_TWICE', params: { to } });
    targets.add(to);
    if (source && target && map(source.listScope) !== target.listScope) {
      problems.push({ at, code: 'TEMPLATE_RENAME_ACROSS_LIST', params: { from, to } });
    }
  }
  const seen = new Map<string, string>();
  for (const path of before.keys()) {
    const mapped = map(path);
    const other = seen.get(mapped);
    if (other !== undefined && !problems.length) problems.push({ at: joinPath('renames', path), code: 'TEMPLATE_RENAME_COLLIDES', params: { a: other, b: path, to: mapped } });
    seen.set(mapped, path);
  }
  if (problems.length) throw new TemplateProblemsError(problems);
  const ordered = entries.map(([from, to]) => ({ from, to })).sort((a, b) => depthOf(a.from) - depthOf(b.from));
  return { ordered, map };
}

function changedConstraints(before: EntitySchema, after: EntitySchema, from: string, to: string): string[] {
  const a = fieldAt(before, from) as Record<string, unknown> | undefined;
  const b = fieldAt(after, to) as Record<string, unknown> | undefined;
  if (!a || !b) return [];
  const pick = (n: Record<string, unknown>, k: string) => JSON.stringify(Object.hasOwn(n, k) ? n[k] : null);
  const keys: string[] = CONSTRAINTS.filter((k) => pick(a, k) !== pick(b, k));
  const itemsA = (a.items ?? null) as Record<string, unknown> | null;
  const itemsB = (b.items ?? null) as Record<string, unknown> | null;
  if (itemsA && itemsB && CONSTRAINTS.some((k) => pick(itemsA, k) !== pick(itemsB, k))) keys.push('items');
  return keys;
}

/**
 * The difference between two versions of a template's schema. Renames come only from the
 * designer's rename map; a field missing from the new version is removed (its data gets archived),
 * a field missing from the old one is added, and a kept field whose type changed is listed with
 * whether every value converts.
 */
export function diffSchemas(before: EntitySchema, after: EntitySchema, renames: RenameMap = {}): TemplateDiff {
  const old = collectFields(before);
  const neu = collectFields(after);
  const { ordered, map } = checkRenames(old, neu, renames);
  const diff: TemplateDiff = { added: [], removed: [], renamed: ordered, typeChanged: [], constrained: [] };
  const reached = new Set<string>();
  for (const field of old.values()) {
    const to = map(field.path);
    const target = neu.get(to);
    if (!target) {
      if (!old.has(parentPath(field.path)) || neu.has(map(parentPath(field.path)))) {
        diff.removed.push({ path: field.path, type: describeType(field.type) });
      }
      continue;
    }
    reached.add(to);
    if (!sameType(field.type, target.type)) {
      diff.typeChanged.push({
        path: to,
        fromPath: field.path,
        from: describeType(field.type),
        to: describeType(target.type),
        lossless: isLossless(field.type, target.type),
      });
    }
    const keywords = changedConstraints(before, after, field.path, to);
    if (keywords.length) diff.constrained.push({ path: to, keywords });
  }
  for (const field of neu.values()) {
    if (reached.has(field.path)) continue;
    const parent = parentPath(field.path);
    if (parent && !reached.has(parent)) continue;
    diff.added.push({ path: field.path, type: describeType(field.type), ...(field.default !== undefined ? { default: field.default } : {}) });
  }
  return diff;
}

/** Whether a diff changes nothing a stored record would notice. */
export function isEmptyDiff(diff: TemplateDiff): boolean {
  return !diff.added.length && !diff.removed.length && !diff.renamed.length && !diff.typeChanged.length && !diff.constrained.length;
}
