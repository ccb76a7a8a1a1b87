import type { FieldSchema } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { fieldAt } from '../schema/resolve.ts';
import { pathKeys } from '../schema/field-path.ts';

/** An RJSF uiSchema (kept as plain data so the engine does not depend on RJSF). */
export type UiSchema = Record<string, unknown>;

const isPlain = (v: unknown): v is UiSchema => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * An RJSF `ui:order` that cannot throw: RJSF refuses an order that leaves out a property unless
 * it holds the `*` wildcard, so a declared order naming some fields gets `*` at its end.
 */
function safeOrder(order: unknown): unknown {
  if (!Array.isArray(order)) return order;
  const names = order.filter((n): n is string => typeof n === 'string');
  return names.includes('*') ? names : [...names, '*'];
}

/**
 * The template's declared uiSchema laid over the derived one: a declared directive wins,
 * `ui:options` objects merge key by key, nested field entries merge the same way. RJSF renders an
 * option of a `oneOf`/`anyOf` by its entry in the uiSchema's `oneOf`/`anyOf` when there is one
 * (the derived per-option widgets, derive/form-conditions.ts), not by the field's own: the declared
 * field entries go into each derived option entry too, unless the declaration gives its own list.
 */
export function mergeUi(derived: UiSchema | undefined, declared: unknown): UiSchema {
  const out: UiSchema = { ...(derived ?? {}) };
  if (!isPlain(declared)) return out;
  for (const [key, value] of Object.entries(declared)) {
    if (key === 'ui:order') out[key] = safeOrder(value);
    else if (key === 'ui:options' && isPlain(value)) out[key] = { ...(isPlain(out[key]) ? out[key] : {}), ...value };
    else if (!key.startsWith('ui:') && isPlain(value)) out[key] = mergeUi(isPlain(out[key]) ? out[key] : undefined, value);
    else out[key] = value;
  }
  const fields = Object.fromEntries(Object.entries(declared).filter(([k, v]) => !k.startsWith('ui:') && isPlain(v)));
  for (const key of ['oneOf', 'anyOf']) {
    const options = out[key];
    if (Object.hasOwn(declared, key) || !Array.isArray(options) || !Object.keys(fields).length) continue;
    out[key] = options.map((o: unknown) => mergeUi(isPlain(o) ? o : undefined, fields));
  }
  return out;
}

/** Fields in the declared `ui:order` (`*` standing for the rest, in their own order); the same fields when none is declared. */
export function orderedFields(fields: readonly string[], order: unknown): string[] {
  if (!Array.isArray(order)) return [...fields];
  const named = order.filter((n): n is string => typeof n === 'string' && n !== '*' && fields.includes(n));
  const rest = fields.filter((f) => !named.includes(f));
  const star = order.indexOf('*');
  if (star < 0) return [...named, ...rest];
  const before = order.slice(0, star).filter((n): n is string => named.includes(n as string));
  return [...before, ...rest, ...named.filter((n) => !before.includes(n))];
}

/** The declared uiSchema entry of a dotted doc path (array levels implicit: `parts.name` reads `parts.items.name`). */
export function uiAt(ui: unknown, path: string): UiSchema | undefined {
  let cur: unknown = ui;
  for (const part of pathKeys(path)) {
    if (!isPlain(cur)) return undefined;
    const here: unknown = Object.hasOwn(cur, part) ? cur[part] : isPlain(cur.items) && Object.hasOwn(cur.items, part) ? cur.items[part] : undefined;
    cur = here;
  }
  return isPlain(cur) ? cur : undefined;
}

/** Whether the declared uiSchema hides the field (`ui:widget: hidden`): left out of detail and list too. */
export const isUiHidden = (reg: Pick<RegisteredEntity, 'uiSchema'>, path: string): boolean => uiAt(reg.uiSchema, path)?.['ui:widget'] === 'hidden';

/**
 * The field's schema with the declared uiSchema's labels folded in, for pages that read labels
 * from the schema (detail, list, filters): `ui:title` as its label, `ui:enumNames` as its
 * `enumNames` (the label fallbacks of engine/i18n/labels.ts then find them).
 */
export function labelledField(reg: Pick<RegisteredEntity, 'schema' | 'uiSchema'>, path: string): FieldSchema | undefined {
  const node = fieldAt(reg.schema, path);
  const ui = uiAt(reg.uiSchema, path);
  if (!node || !ui) return node;
  const out: FieldSchema & { enumNames?: unknown } = { ...node };
  // As in the form, where RJSF shows `ui:title` over the schema's title in any language.
  if (typeof ui['ui:title'] === 'string' && ui['ui:title']) {
    out.title = ui['ui:title'];
    delete out['x-label'];
  }
  if (Array.isArray(ui['ui:enumNames'])) out.enumNames = ui['ui:enumNames'];
  return out;
}
