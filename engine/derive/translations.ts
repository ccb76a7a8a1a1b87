import type { EntityBundle, FieldSchema, Language, LocalizedText } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';
import { tryResolveNode } from '../schema/resolve.ts';

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

/** Deeper than this a schema is taken as recursive (a tree) and not walked further. */
const MAX_DEPTH = 16;

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
  const walk = (raw: FieldSchema, path: string, depth: number) => {
    if (depth > MAX_DEPTH || !raw || typeof raw !== 'object') return;
    const node = tryResolveNode(root, raw) ?? raw;
    const values = node.enum ?? node.items?.enum;
    const labels = node['x-enumLabels'] ?? node.items?.['x-enumLabels'];
    if (path) for (const v of values ?? []) add({ kind: 'option', path, value: String(v) }, labels?.[String(v)]);
    const items = node.items && typeof node.items === 'object' && !Array.isArray(node.items) ? (tryResolveNode(root, node.items) ?? node.items) : undefined;
    const properties = node.properties ?? items?.properties;
    for (const [key, child] of Object.entries(properties ?? {})) {
      if (!child || typeof child !== 'object') continue;
      const field = path ? `${path}.${key}` : key;
      add({ kind: 'field', path: field }, child['x-label'] ?? tryResolveNode(root, child)?.['x-label']);
      walk(child, field, depth + 1);
    }
  };
  walk(root, '', 0);
  const sections = new Map<string, LocalizedText | undefined>();
  for (const s of [...bundle.views.form.sections, ...bundle.views.detail.sections]) if (!sections.has(s.id)) sections.set(s.id, s.label);
  for (const [id, label] of sections) add({ kind: 'section', path: id }, label);
  return out;
}
