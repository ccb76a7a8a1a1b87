import type { FieldSchema, Language, LocalizedText } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { fieldLabel, text } from '../i18n/labels.ts';
import { message, type MessageCode } from '../i18n/messages.ts';
import { resolveNode } from '../schema/resolve.ts';

/**
 * The columns of an entity's spreadsheet import (docs/declarations.md §2, imports): one per
 * top-level field a user fills in — not the server's (readOnly, x-system), linked or computed
 * values, nor uploads. A cell holds what the user reads: an option's label (in either language)
 * or its value, "Yes"/"No", a date, a number, several options separated by commas; a field of
 * objects (a grid, a composition) holds its rows as JSON.
 */
export type ImportKind = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'option' | 'options' | 'json' | 'lookup';

export interface ImportColumn {
  field: string;
  kind: ImportKind;
  required: boolean;
  /** The column's header in each language (required columns end with " *"). */
  titles: LocalizedText;
  /** The options of an option(s) column: value and labels. */
  options?: readonly { value: string | number; labels: LocalizedText }[];
  /** A lookup column's source (`x-lookup`): the cell holds an option's label or value, resolved by the server. */
  lookup?: string;
}

/** Excel's day 0 (serial dates count days since 1899-12-30, the 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YES: LocalizedText = { 'zh-CN': '是', 'en-US': 'Yes' };
const NO: LocalizedText = { 'zh-CN': '否', 'en-US': 'No' };

const skipped = (node: FieldSchema) =>
  node.readOnly || node['x-system'] || node['x-linked'] || node['x-widget'] === 'upload' || (node as { 'x-dff'?: unknown })['x-dff'];

function optionsOf(node: FieldSchema, labelled: FieldSchema = node): ImportColumn['options'] {
  const labels = labelled['x-enumLabels'] ?? node['x-enumLabels'] ?? {};
  return (node.enum ?? []).map((v) => {
    const own = labels[String(v)];
    return { value: v as string | number, labels: { 'zh-CN': own?.['zh-CN'] ?? String(v), 'en-US': own?.['en-US'] ?? String(v) } };
  });
}

function kindOf(root: RegisteredEntity['schema'], node: FieldSchema): { kind: ImportKind; options?: ImportColumn['options']; lookup?: string } {
  if (node.enum) return { kind: 'option', options: optionsOf(node) };
  if (node.type === 'string' && node['x-lookup']) return { kind: 'lookup', lookup: node['x-lookup'] };
  if (node.type === 'array') {
    const items = node.items ? resolveNode(root, node.items) : undefined;
    if (items?.enum) return { kind: 'options', options: optionsOf(items, node) };
    return { kind: 'json' };
  }
  if (node.type === 'object') return { kind: 'json' };
  if (node.type === 'boolean') return { kind: 'boolean' };
  if (node.type === 'integer') return { kind: 'integer' };
  if (node.type === 'number') return { kind: 'number' };
  if (node.type === 'string' && node.format === 'date') return { kind: 'date' };
  return { kind: 'text' };
}

const columnCache = new WeakMap<RegisteredEntity, ImportColumn[]>();

export function importColumns(reg: RegisteredEntity): ImportColumn[] {
  const cached = columnCache.get(reg);
  if (cached) return cached;
  const required = new Set(reg.schema.required ?? []);
  const columns: ImportColumn[] = [];
  for (const [field, raw] of Object.entries(reg.schema.properties)) {
    const node = resolveNode(reg.schema, raw);
    if (skipped(node)) continue;
    const mark = required.has(field) ? ' *' : '';
    const titles = Object.fromEntries(LANGUAGES.map((l) => [l, `${fieldLabel(node, l, field)}${mark}`])) as LocalizedText;
    columns.push({ field, required: required.has(field), titles, ...kindOf(reg.schema, node) });
  }
  columnCache.set(reg, columns);
  return columns;
}

/** The version mark of an import file: which entity and which version of it the columns are. */
export const importMark = (reg: RegisteredEntity) => `portico:${reg.name}:v${reg.templateVersion ?? 1}`;

/** What a cell holds, as the reader gives it: text, a number, a boolean, or an Excel error. */
export type CellValue = string | number | boolean | { error: string };

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const fail = (code: MessageCode, lang: Language, params: Record<string, string | number> = {}): CellResult => ({ ok: false, message: message(code, lang, params) });

function option(col: ImportColumn, raw: string, lang: Language): CellResult {
  const s = raw.trim();
  const found = col.options!.find((o) => String(o.value) === s || LANGUAGES.some((l) => o.labels[l] === s));
  if (found) return { ok: true, value: found.value };
  return fail('IMPORT_CELL_OPTION', lang, { value: s, options: col.options!.map((o) => o.labels[lang]).join(', ') });
}

function dateOf(raw: CellValue): string | undefined {
  if (typeof raw === 'number' && raw > 0 && raw < 2958466) return new Date(EXCEL_EPOCH + Math.round(raw) * 86400000).toISOString().slice(0, 10);
  const m = typeof raw === 'string' ? DATE.exec(raw.trim()) : null;
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** A cell's value for the document, or why it cannot be one (in the user's language). Empty cells are `undefined`. */
export function cellToValue(col: ImportColumn, raw: CellValue | undefined, lang: Language): CellResult {
  if (raw === undefined || raw === '' || (typeof raw === 'string' && !raw.trim())) return { ok: true, value: undefined };
  if (typeof raw === 'object') return fail('IMPORT_CELL_ERROR', lang);
  const s = String(raw);
  switch (col.kind) {
    case 'text':
    case 'lookup':
      return { ok: true, value: typeof raw === 'string' ? raw.trim() : s };
    case 'number':
    case 'integer': {
      const n = typeof raw === 'number' ? raw : s.trim() === '' ? NaN : Number(s.trim());
      if (!Number.isFinite(n)) return fail('IMPORT_CELL_NUMBER', lang);
      if (col.kind === 'integer' && !Number.isInteger(n)) return fail('IMPORT_CELL_INTEGER', lang);
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const t = s.trim().toLowerCase();
      if (['true', 'yes', '是', '1'].includes(t) || t === YES['en-US'].toLowerCase()) return { ok: true, value: true };
      if (['false', 'no', '否', '0'].includes(t)) return { ok: true, value: false };
      return fail('IMPORT_CELL_BOOLEAN', lang);
    }
    case 'date': {
      const d = dateOf(raw);
      return d ? { ok: true, value: d } : fail('IMPORT_CELL_DATE', lang);
    }
    case 'option':
      return option(col, s, lang);
    case 'options': {
      const values: unknown[] = [];
      for (const part of s.split(/[,，;；]/).map((p) => p.trim()).filter(Boolean)) {
        const r = option(col, part, lang);
        if (!r.ok) return r;
        values.push(r.value);
      }
      return { ok: true, value: values };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(s) as unknown };
      } catch {
        return fail('IMPORT_CELL_JSON', lang);
      }
  }
}

/** A document's value as the cell the import reads back (labels in the language). */
export function valueToCell(col: ImportColumn, value: unknown, lang: Language): string | number {
  if (value === undefined || value === null) return '';
  const label = (v: unknown) => col.options?.find((o) => o.value === v)?.labels[lang] ?? String(v);
  switch (col.kind) {
    case 'number':
    case 'integer':
      return typeof value === 'number' ? value : String(value);
    case 'boolean':
      return text(value === true ? YES : NO, lang);
    case 'option':
      return label(value);
    case 'options':
      return Array.isArray(value) ? value.map(label).join(', ') : label(value);
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/** The labels "Yes"/"No" of a boolean column (its cell list). */
export const booleanLabels = (lang: Language) => [YES[lang], NO[lang]];
