import type { EntityDeclaration, EntitySchema, FieldSchema, Language, LocalizedText } from '../declaration/types.ts';
import { SYSTEM_FIELDS } from '../declaration/types.ts';
import { fieldAt, valueAt } from '../schema/resolve.ts';
import { isSystemPath, lastKey, parentPath } from '../schema/field-path.ts';
import { enumLabel, fieldLabel, text } from '../i18n/labels.ts';
import type { RegisteredEntity } from '../registry.ts';
import { regionNode } from '../lifecycle/regions.ts';
import { labelledField } from './ui-schema.ts';

/** What kind of value a field holds, for rendering, filtering and sorting. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'enum' | 'state' | 'object' | 'array';

/** A field path resolved against an entity: either a doc field or a system field. */
export interface ResolvedField {
  path: string;
  system: boolean;
  kind: FieldKind;
  node?: FieldSchema;
}

const SYSTEM_LABELS: Record<string, LocalizedText> = {
  $id: { 'zh-CN': '编号', 'en-US': 'ID' },
  $createdAt: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  $updatedAt: { 'zh-CN': '更新时间', 'en-US': 'Updated' },
  $version: { 'zh-CN': '版本', 'en-US': 'Version' },
  $companyName: { 'zh-CN': '所属公司', 'en-US': 'Company' },
  $status: { 'zh-CN': '状态', 'en-US': 'Status' },
};

export function kindOf(node: FieldSchema): FieldKind {
  if (node.enum || node['x-lookup']) return 'enum';
  switch (node.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    default:
      if (node.format === 'date') return 'date';
      if (node.format === 'date-time') return 'datetime';
      return 'text';
  }
}

/** Resolves a view's field path; throws with the entity and path when it is not declared. */
export function resolveField(entity: EntityDeclaration, schema: EntitySchema, path: string): ResolvedField {
  if (isSystemPath(path)) {
    if (entity.lifecycle?.regions[path]) return { path, system: true, kind: 'state' };
    if ((SYSTEM_FIELDS as readonly string[]).includes(path)) {
      const kind: FieldKind = path === '$createdAt' || path === '$updatedAt' ? 'datetime' : path === '$version' ? 'number' : 'text';
      return { path, system: true, kind };
    }
    throw new Error(`Entity '${entity.name}': unknown system field '${path}'`);
  }
  const node = fieldAt(schema, path);
  if (!node) throw new Error(`Entity '${entity.name}': field '${path}' is not in its schema`);
  return { path, system: false, kind: kindOf(node), node };
}

/** The label of any field path (doc or system) in the language; a region is labelled by its machine. */
export function pathLabel(reg: RegisteredEntity, path: string, lang: Language): string {
  const { entity } = reg;
  if (isSystemPath(path)) {
    const region = entity.lifecycle?.regions[path];
    if (region && reg.machine) {
      // A machine without regions ('.') is labelled by its declared status label, else by its root; a root without a label says "Status".
      const unlabelled = region === '.' ? text(SYSTEM_LABELS.$status, lang, path) : region;
      const meta = regionNode(reg.machine, region).meta as { label?: LocalizedText; statusLabel?: LocalizedText } | undefined;
      return text((region === '.' ? meta?.statusLabel : undefined) ?? meta?.label, lang, unlabelled);
    }
    return text(SYSTEM_LABELS[path], lang, path);
  }
  const node = labelledField(reg, path);
  const own = node ? fieldLabel(node, lang, lastKey(path)) : path;
  const up = parentPath(path);
  const parent = up ? labelledField(reg, up) : undefined;
  return parent ? `${fieldLabel(parent, lang, lastKey(up))} · ${own}` : own;
}


/**
 * The value a field shows in a language where the record is read as a whole (titles, lists,
 * exports): its `x-inLanguage` sibling's value in that language when the record has one (a
 * company's English name for en-US), else its own value (the local name).
 */
export function shownValue(reg: Pick<RegisteredEntity, 'schema'>, field: string, doc: Record<string, unknown> | undefined, value: unknown, lang: Language): unknown {
  if (!doc || isSystemPath(field)) return value;
  const sibling = fieldAt(reg.schema, field)?.['x-inLanguage']?.[lang];
  if (!sibling) return value;
  const up = parentPath(field);
  const other = valueAt(doc, up ? `${up}.${sibling}` : sibling);
  return typeof other === 'string' && other.trim() ? other : value;
}

/** A record's title: its title field's value (in the language, `shownValue`), a choice's label in the language (a notification setting's event), empty when unset. */
export function recordTitle(reg: Pick<RegisteredEntity, 'entity' | 'schema'>, doc: Record<string, unknown> | undefined, lang: Language): string {
  const value = doc ? shownValue(reg, reg.entity.titleField, doc, valueAt(doc, reg.entity.titleField), lang) : undefined;
  if (value === undefined || value === null) return '';
  const node = isSystemPath(reg.entity.titleField) ? undefined : fieldAt(reg.schema, reg.entity.titleField);
  return node?.enum ? enumLabel(node, value, lang) : String(value);
}
