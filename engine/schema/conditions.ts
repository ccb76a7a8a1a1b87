import type { FieldSchema } from '../declaration/types.ts';

/** A value a controlling field is compared with (an enum option, a boolean, a number or a text). */
export type ConditionValue = string | number | boolean;

/**
 * "Show field B when field A has value X", both fields of the same object. Written as one
 * standard `allOf` entry of that object, so ajv validates it and RJSF renders it:
 *
 * ```json
 * { "if": { "properties": { "A": { "const": "X" } }, "required": ["A"] },
 *   "then": { "properties": { "B": {} }, "required": ["B"] } }
 * ```
 *
 * B keeps its definition in the object's `properties` (views, diffs and migrations see it as
 * any field); `then.properties` names it as the field the condition shows, and `then.required`
 * makes it required only while shown. The form derivation (derive/form.ts) moves B's
 * definition into the branch, so RJSF hides B while the condition is false.
 */
export interface VisibilityRule {
  /** The field shown (B). */
  field: string;
  /** The controlling sibling (A) and the value that shows B. */
  when: { field: string; value: ConditionValue };
  /** B is required while shown. */
  required: boolean;
}

const isObject = (v: FieldSchema | undefined): v is FieldSchema => !!v && typeof v === 'object' && !Array.isArray(v);
const isValue = (v: unknown): v is ConditionValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The rule an `allOf` entry writes, or undefined when the entry is any other schema. */
export function visibilityRuleOf(entry: FieldSchema): VisibilityRule | undefined {
  const { if: cond, then, else: otherwise, ...rest } = entry;
  if (!isObject(cond) || !isObject(then) || otherwise !== undefined || Object.keys(rest).length) return undefined;
  const tested = Object.entries(cond.properties ?? {});
  const shown = Object.keys(then.properties ?? {});
  if (tested.length !== 1 || shown.length !== 1) return undefined;
  const [whenField, test] = tested[0]!;
  if (!isValue(test.const) || cond.required?.length !== 1 || cond.required[0] !== whenField) return undefined;
  const field = shown[0]!;
  if (Object.keys(then.properties![field]!).length) return undefined;
  return { field, when: { field: whenField, value: test.const }, required: (then.required ?? []).includes(field) };
}

/** The `allOf` entry of a rule. */
export function visibilityEntry(rule: VisibilityRule): FieldSchema {
  return {
    if: { properties: { [rule.when.field]: { const: rule.when.value } }, required: [rule.when.field] },
    then: { properties: { [rule.field]: {} }, ...(rule.required ? { required: [rule.field] } : {}) },
  };
}

/** The visibility rules of an object node whose fields both exist in it. */
export function visibilityRules(holder: FieldSchema): VisibilityRule[] {
  const props = holder.properties ?? {};
  return (holder.allOf ?? []).flatMap((e) => {
    const rule = visibilityRuleOf(e);
    return rule && Object.hasOwn(props, rule.field) && Object.hasOwn(props, rule.when.field) ? [rule] : [];
  });
}

export const visibilityRuleFor = (holder: FieldSchema, key: string): VisibilityRule | undefined => visibilityRules(holder).find((r) => r.field === key);

/**
 * Whether `field` is shown only through `other` (its condition names `other`, or a field shown
 * only through `other`): making `other` depend on `field` would hide both for good.
 */
export function shownThrough(holder: FieldSchema, field: string, other: string, seen = new Set<string>()): boolean {
  const rule = visibilityRuleFor(holder, field);
  if (!rule || seen.has(field)) return false;
  seen.add(field);
  return rule.when.field === other || shownThrough(holder, rule.when.field, other, seen);
}

/** Whether a field of this object is required: always, or while its condition shows it. */
export const isRequiredIn = (holder: FieldSchema, key: string): boolean =>
  (holder.required ?? []).includes(key) || !!visibilityRuleFor(holder, key)?.required;

/**
 * The object's `allOf` with the field's rule replaced (or removed when `rule` is undefined),
 * other entries kept in place. Undefined when nothing is left.
 */
export function allOfWithRule(holder: FieldSchema, key: string, rule: VisibilityRule | undefined): FieldSchema[] | undefined {
  const kept = (holder.allOf ?? []).filter((e) => visibilityRuleOf(e)?.field !== key);
  const out = rule ? [...kept, visibilityEntry(rule)] : kept;
  return out.length ? out : undefined;
}

/**
 * The object's `allOf` after a field is renamed (`to`) or removed (`to` undefined): rules
 * showing the field follow it or go; rules it controls follow it or go too.
 */
export function allOfAfterKeyChange(holder: FieldSchema, from: string, to: string | undefined): FieldSchema[] | undefined {
  const out = (holder.allOf ?? []).flatMap((e) => {
    const rule = visibilityRuleOf(e);
    if (!rule || (rule.field !== from && rule.when.field !== from)) return [e];
    if (to === undefined) return [];
    return [visibilityEntry({ ...rule, field: rule.field === from ? to : rule.field, when: { ...rule.when, field: rule.when.field === from ? to : rule.when.field } })];
  });
  return out.length ? out : undefined;
}

/**
 * The object's `allOf` after the options of a controlling field change: a condition on a renamed
 * option (same place in the list) follows the new value; one on a removed option goes.
 */
export function allOfAfterOptionChange(holder: FieldSchema, field: string, before: readonly unknown[], after: readonly unknown[]): FieldSchema[] | undefined {
  const out = (holder.allOf ?? []).flatMap((e) => {
    const rule = visibilityRuleOf(e);
    if (!rule || rule.when.field !== field || after.includes(rule.when.value)) return [e];
    const renamed = before.length === after.length ? after[before.indexOf(rule.when.value)] : undefined;
    return isValue(renamed) ? [visibilityEntry({ ...rule, when: { field, value: renamed } })] : [];
  });
  return out.length ? out : undefined;
}

/**
 * The value without what its visibility rules hide: in each object (and each table row), a field
 * whose controlling field does not hold the value that shows it loses its value, as in a form
 * where the user changed the controlling field after filling the shown one. Rules that chain
 * (C shown by B, B shown by A) are followed until nothing more is hidden.
 */
export function withoutHiddenValues(schema: FieldSchema, value: unknown): unknown {
  if (Array.isArray(value)) return isObject(schema.items) ? value.map((row) => withoutHiddenValues(schema.items!, row)) : value;
  if (!value || typeof value !== 'object') return value;
  const doc: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const rules = visibilityRules(schema);
  for (let hid = true; hid; ) {
    hid = false;
    for (const rule of rules) {
      if (rule.field in doc && doc[rule.when.field] !== rule.when.value) {
        delete doc[rule.field];
        hid = true;
      }
    }
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) if (key in doc && isObject(child)) doc[key] = withoutHiddenValues(child, doc[key]);
  return doc;
}
