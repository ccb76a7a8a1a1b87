import type { FieldSchema } from '../declaration/types.ts';
import { visibilityRules } from '../schema/conditions.ts';

type UiSchema = Record<string, unknown>;
type LocalizeField = (node: FieldSchema, key: string) => { schema: FieldSchema; ui: UiSchema };

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
const BRANCHES = ['if', 'then', 'else'] as const;

/** A branch with the fields it declares localized (their uiSchema merged into the object's). */
function localizeBranch(branch: FieldSchema, ui: UiSchema, localize: LocalizeField): FieldSchema {
  if (!branch || typeof branch !== 'object') return branch;
  const out: FieldSchema = { ...branch };
  if (branch.properties) {
    out.properties = Object.fromEntries(
      Object.entries(branch.properties).map(([k, n]) => {
        // `{}` (a visibility rule's marker) and bare tests (`{ const: "x" }`) stay as they are.
        if (!n || typeof n !== 'object' || !(n.type || n['x-label'] || n.$ref || n.properties)) return [k, n];
        const inner = localize(n, k);
        if (Object.keys(inner.ui).length && !ui[k]) ui[k] = inner.ui;
        return [k, inner.schema];
      }),
    );
  }
  for (const key of BRANCHES) if (branch[key]) out[key] = localizeBranch(branch[key], ui, localize);
  for (const key of COMBINATORS) if (branch[key]) out[key] = localizeOptions(key, branch[key], ui, localize);
  if (branch.dependencies) {
    out.dependencies = Object.fromEntries(Object.entries(branch.dependencies).map(([k, d]) => [k, Array.isArray(d) ? d : localizeBranch(d as FieldSchema, ui, localize)]));
  }
  return out;
}

/** Keywords a branch's own uiSchema may hold that concern the value itself (its widget), not its fields. */
const isOwnUi = (key: string) => key.startsWith('ui:');

/**
 * The entries of a combinator localized. An entry that is a reference (`{ $ref: "#/definitions/address" }`)
 * or a value of its own (`{ type: "string", format: "date" }`) is localized whole, so the engine's
 * widgets apply inside it as they do on a field; an entry keeps its own `title` (the option's name).
 * The fields of the entries share the node's uiSchema (RJSF gives an option the field's uiSchema);
 * when an entry's value has its own widget, `oneOf`/`anyOf` in the uiSchema gives each option its
 * own (RJSF's per-option uiSchema), the shared fields included.
 */
function localizeOptions(key: (typeof COMBINATORS)[number], entries: readonly FieldSchema[], ui: UiSchema, localize: LocalizeField): FieldSchema[] {
  const own: UiSchema[] = [];
  const out = entries.map((b) => {
    const whole = b && typeof b === 'object' && (typeof b.$ref === 'string' || (typeof b.type === 'string' && b.type !== 'object' && !b.properties));
    if (!whole) {
      own.push({});
      return localizeBranch(b, ui, localize);
    }
    const inner = localize(b, '');
    const mine: UiSchema = {};
    for (const [k, v] of Object.entries(inner.ui)) {
      if (isOwnUi(k)) mine[k] = v;
      else if (!ui[k]) ui[k] = v;
    }
    own.push(mine);
    return b.title === undefined || b['x-label'] ? inner.schema : { ...inner.schema, title: b.title };
  });
  // allOf entries are merged into one value: they have no options to give a uiSchema each.
  if (key !== 'allOf' && own.some((o) => Object.keys(o).length) && !ui[key]) {
    const shared = Object.fromEntries(Object.entries(ui).filter(([k]) => !isOwnUi(k) && k !== 'oneOf' && k !== 'anyOf'));
    ui[key] = own.map((o) => ({ ...shared, ...o }));
  }
  return out;
}

/**
 * Localizes the conditional keywords of an object node (`if`/`then`/`else`, `allOf`, `anyOf`,
 * `oneOf`, `dependencies`): field definitions inside branches get their labels in the language.
 */
export function localizeConditionals(node: FieldSchema, out: FieldSchema, ui: UiSchema, localize: LocalizeField): void {
  const branches = localizeBranch({ ...pick(node) }, ui, localize);
  Object.assign(out, pick(branches));
}

function pick(node: FieldSchema): FieldSchema {
  const out: FieldSchema = {};
  for (const key of [...BRANCHES, ...COMBINATORS, 'dependencies'] as const) if (node[key] !== undefined) (out as Record<string, unknown>)[key] = node[key];
  return out;
}

/** The property names an entry's conditions and branches test, require or declare (not inside fields). */
export function namesIn(entry: FieldSchema): string[] {
  const names = new Set<string>();
  const walk = (n: FieldSchema | undefined) => {
    if (!n || typeof n !== 'object') return;
    for (const k of Object.keys(n.properties ?? {})) names.add(k);
    for (const k of n.required ?? []) names.add(k);
    for (const k of Object.keys(n.dependencies ?? {})) names.add(k);
    for (const key of BRANCHES) walk(n[key]);
    for (const key of COMBINATORS) n[key]?.forEach(walk);
    for (const d of Object.values(n.dependencies ?? {})) if (!Array.isArray(d)) walk(d as FieldSchema);
  };
  walk(entry);
  return [...names];
}

/**
 * Makes an object's visibility rules (engine/schema/conditions.ts) what RJSF renders: each
 * conditional field's definition moves from `properties` into its rule's `then`, so RJSF
 * (which merges the `then` of a true condition) shows it only while the condition holds and
 * requires it then if the rule says so. The field order stays the declared one (`ui:order`).
 * Mutates `schema` and `ui`, which are the caller's own copies.
 */
export function showWhenConditionsHold(schema: FieldSchema, ui: UiSchema): void {
  const rules = visibilityRules(schema);
  if (!rules.length) return;
  const properties = { ...schema.properties! };
  if (!ui['ui:order']) ui['ui:order'] = Object.keys(properties);
  const moved = new Map(rules.map((r) => [r.field, properties[r.field]!]));
  for (const field of moved.keys()) delete properties[field];
  schema.properties = properties;
  schema.allOf = schema.allOf!.map((entry) => {
    const field = Object.keys(entry.then?.properties ?? {})[0];
    const rule = rules.find((r) => r.field === field);
    if (!rule || !entry.then || Object.keys(entry.then.properties![field!]!).length) return entry;
    return { ...entry, then: { ...entry.then, properties: { [rule.field]: moved.get(rule.field)! } } };
  });
  // A conditional field is not among the object's own properties any more: closing the object would refuse it.
  if (schema.additionalProperties === false) delete schema.additionalProperties;
}
