import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { hasChoices } from '../i18n/labels.ts';
import { tryResolveNode } from './resolve.ts';

const typeOf = (v: unknown): string =>
  Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

/** Whether a stored value is of an option's kind: its type, and for an object its required keys present and no key it does not declare. */
function fits(option: FieldSchema, value: unknown): boolean {
  const declared = option.type ?? (option.properties ? 'object' : undefined);
  const types: unknown[] = Array.isArray(declared) ? declared : [declared];
  const type = typeOf(value);
  if (!types.includes(type) && !(type === 'integer' && types.includes('number'))) return false;
  if (type !== 'object') return true;
  const doc = value as Record<string, unknown>;
  const props = option.properties ?? {};
  return (option.required ?? []).every((k) => Object.hasOwn(doc, k)) && Object.keys(doc).every((k) => Object.hasOwn(props, k));
}

/**
 * The option of a field's `oneOf`/`anyOf` a stored value is (a stamp object, or a day's date), its
 * reference followed: what the detail page shows the value by (its fields' labels, a date as a
 * date). None for options that are labelled choices (`{ const, title }`: an enum), for a value no
 * option fits, or for an option offering options again.
 */
export function valueOption(root: EntitySchema, node: FieldSchema | undefined, value: unknown): FieldSchema | undefined {
  const options = node?.oneOf ?? node?.anyOf;
  if (!options?.length || hasChoices(node)) return undefined;
  for (const entry of options) {
    const option = entry && typeof entry === 'object' ? tryResolveNode(root, entry) : undefined;
    if (option && !option.oneOf && !option.anyOf && fits(option, value)) return option;
  }
  return undefined;
}
