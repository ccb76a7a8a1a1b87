import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';
import { own, tryResolveNode, unresolvedRefs } from '../schema/resolve.ts';
import { enter, isRecursive, RefTrail, WalkBudget } from '../schema/walk.ts';
import type { TemplateProblem } from './types.ts';

/**
 * Property keys are data (issue 21): kebab-case, `$`, digits first, spaces and non-ASCII are all
 * kept. Storage quotes them (server/db/sql-expressions.ts), index names hash them. Refused: the
 * empty key (no view, filter or error path can point at it) and `__proto__` (an assignment
 * `doc[key] = value` anywhere in JavaScript would replace the object's prototype, not add a field).
 */
const usableKey = (key: string): boolean => key.length > 0 && key !== '__proto__';
/**
 * Fields one template may declare in all (every `properties` entry, nested ones included): ajv
 * compiles a schema in time that grows faster than its fields (about 1.5 s for 2,000 on this
 * machine, 9 s for 10,000), on the request's thread when a version is published.
 */
export const MAX_TEMPLATE_FIELDS = 2_000;

/** How many fields the schema declares in all, as written (references not followed); stops counting past the limit. */
export function countFields(schema: unknown): number {
  let count = 0;
  const walk = (node: unknown): void => {
    if (count > MAX_TEMPLATE_FIELDS || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) count += Object.keys(value).length;
      walk(value);
    }
  };
  walk(schema);
  return count;
}

/** Grid/table fields add rows in batches of 0 to 100 (SPEC §5). */
export const MAX_TABLE_ROWS = 100;
/** File types the server accepts and their size limits (SPEC §5: JPG ≤ 2 MB, PDF ≤ 10 MB). */
export const UPLOAD_LIMITS: Readonly<Record<string, number>> = { 'application/pdf': 10 * 1024 * 1024, 'image/jpeg': 2 * 1024 * 1024 };

type Node = FieldSchema & Record<string, unknown>;

export const hasBothLanguages = (value: unknown): boolean =>
  !!value && typeof value === 'object' && LANGUAGES.every((l) => typeof (value as Record<string, unknown>)[l] === 'string' && !!(value as Record<string, string>)[l]!.trim());

const missingLanguage = (value: unknown): string | undefined =>
  LANGUAGES.find((l) => !value || typeof value !== 'object' || typeof (value as Record<string, unknown>)[l] !== 'string' || !(value as Record<string, string>)[l]!.trim());

/** Follows a local reference (`#/definitions/x`, `#/$defs/x`, a JSON pointer); undefined when it does not resolve. */
const resolve = (root: EntitySchema, node: Node): Node | undefined => tryResolveNode(root, node) as Node | undefined;

function isType(node: Node | undefined, type: string): boolean {
  return !!node && (node.type === type || (Array.isArray(node.type) && (node.type as string[]).includes(type)));
}

/** Rules of the custom field types: table, composition, upload, CAS number, date range. */
function checkCustomType(root: EntitySchema, node: Node, field: string, at: string, out: TemplateProblem[]): void {
  const items = node.items ? resolve(root, node.items as Node) : undefined;
  if (node['x-widget'] === 'table') {
    const rows = node.maxItems;
    if (!isType(node, 'array') || !isType(items, 'object') || typeof rows !== 'number' || rows > MAX_TABLE_ROWS || (node.minItems ?? 0) < 0) {
      out.push({ at, code: 'TEMPLATE_TABLE_ROWS', params: { field, max: MAX_TABLE_ROWS } });
    }
  }
  if (node['x-sumTo'] !== undefined) {
    const sumField = typeof node['x-sumField'] === 'string' ? node['x-sumField'] : 'percentage';
    const target = items?.properties ? own(items.properties as Record<string, Node>, sumField) : undefined;
    const numeric = target && (isType(target, 'number') || isType(target, 'integer'));
    if (typeof node['x-sumTo'] !== 'number' || !isType(node, 'array') || !numeric || !items?.required?.includes(sumField)) {
      out.push({ at, code: 'TEMPLATE_SUM_FIELD', params: { field, sumField } });
    }
  }
  if (node['x-widget'] === 'upload') {
    const upload = node['x-upload'] as { accept?: unknown; maxBytes?: unknown; maxFiles?: unknown } | undefined;
    const accept = Array.isArray(upload?.accept) ? (upload.accept as unknown[]) : [];
    const known = accept.length > 0 && accept.every((t) => typeof t === 'string' && own(UPLOAD_LIMITS, t) !== undefined);
    const limit = known ? Math.max(...accept.map((t) => own(UPLOAD_LIMITS, t as string)!)) : 0;
    const { maxBytes, maxFiles } = upload ?? {};
    const sized = typeof maxBytes === 'number' && maxBytes > 0 && maxBytes <= limit;
    const counted = typeof maxFiles === 'number' && Number.isInteger(maxFiles) && maxFiles >= 1 && node.maxItems === maxFiles;
    if (!isType(node, 'array') || !known || !sized || !counted) {
      out.push({ at, code: 'TEMPLATE_UPLOAD', params: { field, types: Object.keys(UPLOAD_LIMITS).join(', ') } });
    }
  }
  if (node['x-cas'] !== undefined && (node['x-cas'] !== true || !isType(node, 'string'))) {
    out.push({ at, code: 'TEMPLATE_KEYWORD_TYPE', params: { field, keyword: 'x-cas', type: 'string' } });
  }
  if (node['x-dateRange'] !== undefined) {
    const dates = isType(items, 'string') && items?.format === 'date';
    if (!isType(node, 'array') || !dates || node.minItems !== 2 || node.maxItems !== 2) {
      out.push({ at, code: 'TEMPLATE_DATE_RANGE', params: { field } });
    }
  }
}

function checkEnumLabels(node: Node, field: string, at: string, warnings: TemplateProblem[]): void {
  const values = node.enum ?? (node.items as Node | undefined)?.enum;
  const labels = (node['x-enumLabels'] ?? (node.items as Node | undefined)?.['x-enumLabels']) as Record<string, unknown> | undefined;
  for (const value of values ?? []) {
    const lang = missingLanguage(labels ? own(labels, String(value)) : undefined);
    if (lang) warnings.push({ at, code: 'TEMPLATE_ENUM_LABEL', params: { field, value: String(value), lang } });
  }
}

/** What the field rules refuse, and what they only warn about (a missing translation). */
export interface FieldCheck {
  problems: TemplateProblem[];
  warnings: TemplateProblem[];
}

/**
 * The designer's rules for a template's fields, beyond the meta-schema: keys unique (ignoring
 * case) within an object and not empty; `required` naming declared fields; the custom field types
 * used as documented. A field or enum value without a zh-CN or en-US label is a warning only:
 * pages fall back to `title`, then the key (issue 21).
 */
export function checkFields(root: EntitySchema, budget = new WalkBudget()): FieldCheck {
  const out: TemplateProblem[] = [];
  const warnings: TemplateProblem[] = [];
  // Each reference is followed once per path (engine/schema/walk.ts): a recursive field's rules
  // were checked where it was first entered.
  const walk = (raw: Node, path: string, at: string, trail: RefTrail) => {
    const entered = enter(root, raw, trail, budget);
    // A reference that does not resolve is reported once, with its path, by unresolvedRefs below.
    if (!entered || isRecursive(entered)) return;
    const node = entered.node as Node;
    checkCustomType(root, node, path, at, out);
    const items = node.items && typeof node.items === 'object' && !Array.isArray(node.items) ? (node.items as Node) : undefined;
    if (items && resolve(root, items)?.properties) walk(items, path, `${at}.items`, entered.trail);
    const properties = node.properties && typeof node.properties === 'object' ? (node.properties as Record<string, Node>) : undefined;
    if (!properties) return;
    const lower = new Map<string, string>();
    for (const [key, child] of Object.entries(properties)) {
      budget.spend();
      const field = path ? `${path}.${key}` : key;
      const where = `${at}.properties.${key}`;
      if (!usableKey(key)) out.push({ at: where, code: 'TEMPLATE_FIELD_KEY', params: { field } });
      const twin = lower.get(key.toLowerCase());
      if (twin !== undefined) out.push({ at: where, code: 'TEMPLATE_FIELD_KEY_DUPLICATE', params: { field, other: twin } });
      lower.set(key.toLowerCase(), key);
      if (!child || typeof child !== 'object') continue;
      const resolved = resolve(root, child);
      const lang = missingLanguage(child['x-label'] ?? resolved?.['x-label']);
      if (lang) warnings.push({ at: where, code: 'TEMPLATE_FIELD_LABEL', params: { field, lang } });
      if (resolved) checkEnumLabels(resolved, field, where, warnings);
      walk(child, field, where, entered.trail);
    }
    for (const name of Array.isArray(node.required) ? node.required : []) {
      if (typeof name !== 'string' || !Object.hasOwn(properties, name)) out.push({ at: `${at}.required`, code: 'TEMPLATE_REQUIRED_UNKNOWN', params: { field: path ? `${path}.${String(name)}` : String(name) } });
    }
  };
  walk(root as Node, '', 'schema', RefTrail.ROOT);
  for (const { at, ref } of unresolvedRefs(root)) out.push({ at, code: 'TEMPLATE_REF_UNRESOLVED', params: { path: at, ref } });
  return { problems: out, warnings };
}
