import type { EntityBundle, FieldSchema, Language, LocalizedText } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';
import { tryResolveNode } from '../schema/resolve.ts';
import { enter, isRecursive, RefTrail, WalkBudget } from '../schema/walk.ts';

/** One text a template shows without a zh-CN or en-US version: the page falls back (labels.ts) and the designer warns. */
export interface MissingTranslation {
  kind: 'entity' | 'field' | 'option' | 'section';
  /** The field's dotted path, the section's id, or '' for the entity. */
  path: string;
  /** The enum value, for an option. */
  value?: string;
  /** The languages it lacks. */
  missing: Language[];
}

const lacking = (value: Partial<LocalizedText> | undefined): Language[] => LANGUAGES.filter((l) => typeof value?.[l] !== 'string' || !value[l]!.trim());

/**
 * What a template shows that lacks zh-CN or en-US text: its label, every field's label
 * (`x-label`), every enum option's (`x-enumLabels`), and every form and detail section's.
 * These are warnings: the pages fall back to `title`, the key made readable, `enumNames` or the value.
 */
export function missingTranslations(bundle: Pick<EntityBundle, 'entity' | 'schema' | 'views'>): MissingTranslation[] {
  const out: MissingTranslation[] = [];
  const add = (item: Omit<MissingTranslation, 'missing'>, value: Partial<LocalizedText> | undefined) => {
    const missing = lacking(value);
    if (missing.length) out.push({ ...item, missing });
  };
  add({ kind: 'entity', path: '' }, bundle.entity.label);
  const root = bundle.schema;
  const budget = new WalkBudget();
  // Each reference once per path (engine/schema/walk.ts): a recursive field's insides were listed where it started.
  const walk = (raw: FieldSchema, path: string, trail: RefTrail) => {
    if (!raw || typeof raw !== 'object') return;
    const entered = enter(root, raw, trail, budget);
    if (isRecursive(entered)) return;
    const node = entered?.node ?? raw;
    const next = entered?.trail ?? trail;
    const values = node.enum ?? node.items?.enum;
    const labels = node['x-enumLabels'] ?? node.items?.['x-enumLabels'];
    if (path) for (const v of values ?? []) add({ kind: 'option', path, value: String(v) }, labels?.[String(v)]);
    const itemsEntered = node.items && typeof node.items === 'object' && !Array.isArray(node.items) ? enter(root, node.items, next, budget) : undefined;
    const items = itemsEntered && !isRecursive(itemsEntered) ? itemsEntered : undefined;
    const properties = node.properties ?? items?.node.properties;
    const inner = node.properties ? next : (items?.trail ?? next);
    for (const [key, child] of Object.entries(properties ?? {})) {
      if (!child || typeof child !== 'object') continue;
      const field = path ? `${path}.${key}` : key;
      add({ kind: 'field', path: field }, child['x-label'] ?? tryResolveNode(root, child)?.['x-label']);
      walk(child, field, inner);
    }
  };
  walk(root, '', RefTrail.ROOT);
  const sections = new Map<string, LocalizedText | undefined>();
  for (const s of [...bundle.views.form.sections, ...bundle.views.detail.sections]) if (!sections.has(s.id)) sections.set(s.id, s.label);
  for (const [id, label] of sections) add({ kind: 'section', path: id }, label);
  return out;
}
