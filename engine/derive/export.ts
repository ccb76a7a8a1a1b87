import type { FieldSchema, Language, ListExport } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import type { EntityRecord } from '../api-contract.ts';
import { text } from '../i18n/labels.ts';
import { resolveNode } from '../schema/resolve.ts';
import { pathLabel, resolveField, shownValue, type FieldKind } from './fields.ts';
import { stateOptions } from './list.ts';
import { recordValue } from './value-text.ts';
import { isBlankValue, valueSummary } from './value-summary.ts';

/** One column of a declared export (docs/declarations.md §2, exports): its title in the language and how its values read. */
export interface ExportColumn {
  field: string;
  title: string;
  kind: FieldKind;
  node?: FieldSchema;
  /** The `x-lookup` source labelling the values (the column's, or its array items'). */
  lookup?: string;
}

/** The declared export of the entity's list, when it has one. */
export const listExportOf = (reg: RegisteredEntity): ListExport | undefined => reg.views.list.export;

/** The export's columns: its own, or the list's, titled in the language (a column's `label` first). */
export function exportColumns(reg: RegisteredEntity, lang: Language): ExportColumn[] {
  const declared = reg.views.list.export?.columns ?? reg.views.list.columns;
  return declared.map((c) => {
    const f = resolveField(reg.entity, reg.schema, c.field);
    const label = 'label' in c ? c.label : undefined;
    const items = f.node?.type === 'array' && f.node.items ? resolveNode(reg.schema, f.node.items) : undefined;
    const lookup = f.node?.['x-lookup'] ?? items?.['x-lookup'];
    return { field: c.field, title: label ? text(label, lang) : pathLabel(reg, c.field, lang), kind: f.kind, ...(f.node ? { node: f.node } : {}), ...(lookup ? { lookup } : {}) };
  });
}

/** Labels of lookup values, by source then value (filled by the server for the rows of a batch). */
export type LookupLabels = (source: string, value: string) => string | undefined;

const stateLabelCache = new WeakMap<RegisteredEntity, Map<string, Map<string, string>>>();
/** The labels of a state field's states in the language, read from the machine once. */
function stateLabels(reg: RegisteredEntity, field: string, lang: Language): Map<string, string> {
  const byField = stateLabelCache.get(reg) ?? new Map<string, Map<string, string>>();
  stateLabelCache.set(reg, byField);
  const key = `${field}:${lang}`;
  let labels = byField.get(key);
  if (!labels) byField.set(key, (labels = new Map(stateOptions(reg, field, lang).map((o) => [o.value, o.label]))));
  return labels;
}

/** A record's value of a column as the user reads it in the list: states, enums, lookups, dates and numbers in the language. */
export function exportCellText(reg: RegisteredEntity, col: ExportColumn, record: EntityRecord, lang: Language, labels: LookupLabels): string {
  const value = shownValue(reg, col.field, record.doc, recordValue(record, col.field, lang), lang);
  if (isBlankValue(value)) return '';
  if (col.kind === 'state') return stateLabels(reg, col.field, lang).get(String(value)) ?? String(value);
  // Lookup values by their labels; anything else as the detail page reads it (options, objects, rows).
  const items = col.node?.type === 'array' && col.node.items ? resolveNode(reg.schema, col.node.items) : undefined;
  const lookup = (v: unknown) => (col.lookup && (typeof v === 'string' || typeof v === 'number') ? (labels(col.lookup, String(v)) ?? String(v)) : undefined);
  if (Array.isArray(value) && col.lookup) return value.map((v) => lookup(v) ?? valueSummary(reg, col.field, items, v, lang, record.doc)).join(', ');
  return lookup(value) ?? valueSummary(reg, col.field, col.node, value, lang, record.doc);
}

/** The values each lookup source must label for these records (one query per source and batch). */
export function lookupValues(columns: readonly ExportColumn[], records: readonly EntityRecord[]): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const col of columns) {
    if (!col.lookup) continue;
    const set = wanted.get(col.lookup) ?? new Set<string>();
    for (const r of records) {
      const v = recordValue(r, col.field);
      for (const one of Array.isArray(v) ? v : [v]) if (typeof one === 'string' || typeof one === 'number') set.add(String(one));
    }
    wanted.set(col.lookup, set);
  }
  return wanted;
}

/** The file's name, without extension: the export's declared name, else the entity's label. */
export const exportFileName = (reg: RegisteredEntity, lang: Language): string => text(reg.views.list.export?.fileName ?? reg.entity.label, lang, reg.name);
