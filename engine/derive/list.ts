import type { FilterOperator, Language, ListColumn, LocalizedText, SortSpec } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { enumLabel, text } from '../i18n/labels.ts';
import { regionLeaves } from '../lifecycle/regions.ts';
import { pathLabel, resolveField, type FieldKind } from './fields.ts';
import { isUiHidden, labelledField } from './ui-schema.ts';

export interface Option {
  value: string;
  label: string;
}

export interface DerivedColumn {
  field: string;
  title: string;
  kind: FieldKind;
  sortable: boolean;
  link: boolean;
  width?: number;
}

export interface DerivedFilter {
  field: string;
  label: string;
  op: FilterOperator;
  kind: FieldKind;
  /** Choices for enum, state and boolean filters (lookup filters load theirs from the server). */
  options?: Option[];
  lookup?: string;
}

/** Choices of a state field: the leaf states of its region, labelled by the machine. */
export function stateOptions(reg: RegisteredEntity, field: string, lang: Language): Option[] {
  const region = reg.entity.lifecycle?.regions[field];
  if (!region || !reg.machine) return [];
  return regionLeaves(reg.machine, region).map((n) => ({
    value: n.key,
    label: text(n.meta?.label as never, lang, n.key),
  }));
}

/** The list's columns; a field the template's uiSchema hides (`ui:widget: hidden`) is not one. */
export function deriveListColumns(reg: RegisteredEntity, lang: Language, columns: readonly (ListColumn & { label?: LocalizedText })[] = reg.views.list.columns): DerivedColumn[] {
  return columns.filter((c) => !isUiHidden(reg, c.field)).map((c) => {
    const f = resolveField(reg.entity, reg.schema, c.field);
    const title = 'label' in c && c.label ? text(c.label, lang) : pathLabel(reg, c.field, lang);
    return { field: c.field, title, kind: f.kind, sortable: Boolean(c.sortable), link: Boolean(c.link), width: c.width };
  });
}

export function deriveFilters(reg: RegisteredEntity, lang: Language): DerivedFilter[] {
  return reg.views.list.filters.map((flt) => {
    const f = resolveField(reg.entity, reg.schema, flt.field);
    const base: DerivedFilter = { field: flt.field, label: pathLabel(reg, flt.field, lang), op: flt.op, kind: f.kind };
    if (f.kind === 'state') base.options = stateOptions(reg, flt.field, lang);
    else if (f.node?.['x-lookup']) base.lookup = f.node['x-lookup'];
    else if (f.node?.enum) base.options = f.node.enum.map((v) => ({ value: String(v), label: enumLabel(labelledField(reg, flt.field), v, lang) }));
    else if (f.kind === 'boolean') base.options = [true, false].map((v) => ({ value: String(v), label: text(BOOL[String(v)], lang) }));
    return base;
  });
}

const BOOL: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  true: { 'zh-CN': '是', 'en-US': 'Yes' },
  false: { 'zh-CN': '否', 'en-US': 'No' },
};

export function booleanLabel(value: boolean, lang: Language): string {
  return text(BOOL[String(value)], lang);
}

export function defaultSort(reg: RegisteredEntity): SortSpec {
  return reg.views.list.defaultSort;
}
