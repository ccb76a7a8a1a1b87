import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  booleanLabels,
  importColumns,
  importMark,
  valueToCell,
  type EntityRecord,
  type Language,
  type RegisteredEntity,
} from '../../engine/index.ts';

/** Rows read per query while a file streams. */
const BATCH = 500;
/** The header rows: the hidden keys (with the version mark after the last column), then the titles. */
export const HEADER_ROWS = 2;

const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/** `0` → `A`, `26` → `AA`. */
export const columnLetter = (index: number) => {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

export interface ImportFileJob {
  reg: RegisteredEntity;
  lang: Language;
  title: string;
  /** Rows the data validations cover (the import's maxRows, or the rows written if more). */
  validatedRows: number;
  ids: readonly string[];
  read(ids: readonly string[]): Promise<EntityRecord[]>;
  /** Labels the lookup values of a batch (server/exports/lookup-labels.ts): a lookup cell holds its label, which the import resolves back. */
  labels?: { load(wanted: Map<string, Set<string>>): Promise<void>; label(source: string, value: string): string | undefined };
}

/**
 * The import layout of an entity (docs/declarations.md §2, imports), streamed: the import
 * template (no rows) and the list's export (its rows) are the same file, so an export re-imports
 * unchanged. Row 1 is hidden and holds the field keys and the version mark; row 2 the titles in
 * the user's language (required ones marked " *", in red); option and yes/no columns get a cell
 * list from a hidden sheet.
 */
export async function writeImportFile(job: ImportFileJob, out: PassThrough): Promise<void> {
  const columns = importColumns(job.reg);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(job.title), { views: [{ state: 'frozen', ySplit: HEADER_ROWS }] });
  const lists = columns.map((c) => (c.options ? c.options.map((o) => o.labels[job.lang]) : c.kind === 'boolean' ? booleanLabels(job.lang) : undefined));
  sheet.columns = columns.map((c) => ({ key: c.field, width: Math.min(40, Math.max(14, c.titles[job.lang].length + 4)) }));
  const keys = sheet.addRow([...columns.map((c) => c.field), importMark(job.reg)]);
  keys.hidden = true;
  keys.commit();
  const titles = sheet.addRow(columns.map((c) => c.titles[job.lang]));
  columns.forEach((c, i) => {
    titles.getCell(i + 1).font = { bold: true, ...(c.required ? { color: { argb: 'FFCF1322' } } : {}) };
  });
  titles.commit();
  // The streaming writer keeps data validations (typed on the in-memory Worksheet only).
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  const last = HEADER_ROWS + Math.max(job.validatedRows, job.ids.length);
  lists.forEach((list, i) => {
    if (!list) return;
    const col = columnLetter(i);
    validations.add(`${col}${HEADER_ROWS + 1}:${col}${last}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`lists!$${col}$1:$${col}$${list.length}`],
      showErrorMessage: columns[i]!.kind !== 'options',
    });
  });
  for (let at = 0; at < job.ids.length; at += BATCH) {
    const records = await job.read(job.ids.slice(at, at + BATCH));
    const wanted = new Map<string, Set<string>>();
    for (const c of columns) {
      if (!c.lookup) continue;
      const values = wanted.get(c.lookup) ?? new Set<string>();
      wanted.set(c.lookup, values);
      for (const r of records) if (typeof r.doc[c.field] === 'string') values.add(r.doc[c.field] as string);
    }
    if (wanted.size) await job.labels?.load(wanted);
    const cell = (c: (typeof columns)[number], v: unknown) => (c.lookup && typeof v === 'string' ? (job.labels?.label(c.lookup, v) ?? v) : valueToCell(c, v, job.lang));
    for (const record of records) sheet.addRow(columns.map((c) => cell(c, record.doc[c.field]))).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  const listSheet = workbook.addWorksheet('lists', { state: 'veryHidden' });
  const longest = Math.max(0, ...lists.map((l) => l?.length ?? 0));
  for (let r = 0; r < longest; r += 1) listSheet.addRow(lists.map((l) => l?.[r] ?? null)).commit();
  listSheet.commit();
  await workbook.commit();
}
