import {
  booleanLabels,
  importColumns,
  importMark,
  valueToCell,
  type EntityRecord,
  type ImportColumn,
  type Language,
  type RegisteredEntity,
} from '../../engine/index.ts';
import type { Jobs } from '../jobs/pool.ts';
import type { CellText } from '../exports/workbook-job.ts';
import { sheetName, workbookBytes } from '../exports/workbook.ts';

/** Rows read per query while a file is gathered. */
const BATCH = 500;
/** The header rows: the hidden keys (with the version mark after the last column), then the titles. */
export const HEADER_ROWS = 2;

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
 * The import layout of an entity (docs/declarations.md §2, imports): the import template (no rows)
 * and the list's export (its rows) are the same file, so an export re-imports unchanged. Row 1 is
 * hidden and holds the field keys and the version mark; row 2 the titles in the user's language
 * (required ones marked " *", in red); option and yes/no columns get a cell list from a hidden
 * sheet. The cells are decided here; the file is written by the job pool (server/exports/workbook-job.ts).
 */
export async function buildImportFile(jobs: Jobs, job: ImportFileJob): Promise<Buffer> {
  const columns = importColumns(job.reg);
  const lists = columns.map((c) => (c.options ? c.options.map((o) => o.labels[job.lang]) : c.kind === 'boolean' ? booleanLabels(job.lang) : undefined));
  const rows: CellText[][] = [[...columns.map((c) => c.field), importMark(job.reg)], columns.map((c) => c.titles[job.lang])];
  const titleFonts = columns.map((c) => ({ bold: true, ...(c.required ? { color: 'FFCF1322' } : {}) }));
  const last = HEADER_ROWS + Math.max(job.validatedRows, job.ids.length);
  const cellLists = lists.flatMap((list, i) => {
    if (!list) return [];
    const col = columnLetter(i);
    return [{ range: `${col}${HEADER_ROWS + 1}:${col}${last}`, source: `lists!$${col}$1:$${col}$${list.length}`, strict: columns[i]!.kind !== 'options' }];
  });
  for (let at = 0; at < job.ids.length; at += BATCH) rows.push(...(await importRows(job, columns, job.ids.slice(at, at + BATCH))));
  const longest = Math.max(0, ...lists.map((l) => l?.length ?? 0));
  const listRows = Array.from({ length: longest }, (_, r) => lists.map((l) => l?.[r] ?? null));
  return workbookBytes(jobs, [
    {
      name: sheetName(job.title),
      frozenRows: HEADER_ROWS,
      columns: columns.map((c) => ({ key: c.field, width: Math.min(40, Math.max(14, c.titles[job.lang].length + 4)) })),
      rows,
      styles: { 0: { hidden: true }, 1: { cells: titleFonts } },
      lists: cellLists,
    },
    { name: 'lists', veryHidden: true, rows: listRows },
  ]);
}

/** One batch of records as import rows: a lookup cell holds its label, which the import resolves back. */
async function importRows(job: ImportFileJob, columns: readonly ImportColumn[], ids: readonly string[]): Promise<CellText[][]> {
  const records = await job.read(ids);
  const wanted = new Map<string, Set<string>>();
  for (const c of columns) {
    if (!c.lookup) continue;
    const values = wanted.get(c.lookup) ?? new Set<string>();
    wanted.set(c.lookup, values);
    for (const r of records) if (typeof r.doc[c.field] === 'string') values.add(r.doc[c.field] as string);
  }
  if (wanted.size) await job.labels?.load(wanted);
  const cell = (c: ImportColumn, v: unknown) => (c.lookup && typeof v === 'string' ? (job.labels?.label(c.lookup, v) ?? v) : valueToCell(c, v, job.lang));
  return records.map((record) => columns.map((c) => cell(c, record.doc[c.field])));
}
