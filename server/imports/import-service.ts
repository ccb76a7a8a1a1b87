import {
  LANGUAGES,
  cellToValue,
  docKeys,
  fieldPath,
  importColumns,
  importMark,
  message,
  text,
  toFieldErrors,
  withDefaults,
  type ImportColumn,
  type Language,
  type ListImport,
  type RegisteredEntity,
} from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import type { EntityService } from '../entities/service.ts';
import type { Jobs } from '../jobs/pool.ts';
import { readSheet } from './read-sheet.ts';
import type { SheetRow } from './xlsx-read.ts';
import { HEADER_ROWS, columnLetter } from './xlsx-template.ts';
import { documentErrors } from '../templates/record-validation.ts';

type Doc = Record<string, unknown>;

/** One bad cell: its sheet row and column (as Excel names them), the column's title and the message, in the user's language. */
export interface CellError {
  row: number;
  column: string;
  field: string;
  title: string;
  message: string;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  errors: CellError[];
}

/** The declared import of an entity, or 404 in the user's language. */
export function declaredImport(reg: RegisteredEntity, lang: Language): ListImport {
  const declared = reg.views.list.import;
  if (!declared) throw new ApiError(404, 'IMPORT_NOT_DECLARED', { entity: text(reg.entity.label, lang, reg.name) });
  return declared;
}

/** The header must be the latest version's, unchanged: the hidden keys with the mark, and the titles in either language. */
function checkHeader(reg: RegisteredEntity, columns: readonly ImportColumn[], rows: readonly SheetRow[]): void {
  const [keys, titles] = rows;
  const changed = () => new ApiError(400, 'IMPORT_HEADER_CHANGED');
  if (!keys || !titles || keys.number !== 1 || titles.number !== 2) throw changed();
  if (keys.cells.size !== columns.length + 1 || keys.cells.get(columns.length) !== importMark(reg)) throw changed();
  if (titles.cells.size !== columns.length) throw changed();
  columns.forEach((c, i) => {
    if (keys.cells.get(i) !== c.field) throw changed();
    const title = titles.cells.get(i);
    if (!LANGUAGES.some((l) => c.titles[l] === title)) throw changed();
  });
}

/**
 * A spreadsheet import (docs/declarations.md §2, imports): the file is read without trusting it
 * (xlsx-read.ts), its header checked, every row turned into a document and checked with the same
 * validator as the form, key duplicates found within the file and against the company's stored
 * records; then either every row is written in one transaction or, when any cell is bad, nothing
 * is — unless the user asked to import the valid rows (`validOnly`).
 */
/** A lookup column's cell text as the option's value (an option whose value, label or customer number it is), or undefined. */
export type LookupResolver = (source: string, text: string, user: SessionUser, lang: Language) => Promise<string | undefined>;

export class ImportService {
  constructor(
    private readonly db: Queryable,
    private readonly entities: EntityService,
    private readonly resolveLookup: LookupResolver,
    /** Reads the uploaded file off the server's thread (server/jobs/pool.ts). */
    private readonly jobs: Jobs,
  ) {}

  async run(reg: RegisteredEntity, bytes: Buffer, user: SessionUser, lang: Language, validOnly: boolean): Promise<ImportResult> {
    const declared = declaredImport(reg, lang);
    if (!user.permissionMap[reg.entity.permissions.create]) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.create });
    const columns = importColumns(reg);
    const rows = await readSheet(this.jobs, bytes, { maxRows: declared.maxRows + HEADER_ROWS, maxColumns: columns.length + 1 });
    checkHeader(reg, columns, rows);
    const data = rows.slice(HEADER_ROWS);
    if (!data.length) throw new ApiError(400, 'IMPORT_EMPTY');
    const errors: CellError[] = [];
    const bad = new Set<number>();
    const fail = (row: SheetRow, index: number, msg: string) => {
      const col = columns[index];
      errors.push({ row: row.number, column: columnLetter(index), field: col?.field ?? '', title: col?.titles[lang] ?? '', message: msg });
      bad.add(row.number);
    };
    const lookups = new Map<string, Promise<string | undefined>>();
    const resolve = (source: string, text: string) => {
      const key = `${source}\u0000${text}`;
      let found = lookups.get(key);
      if (!found) lookups.set(key, (found = this.resolveLookup(source, text, user, lang)));
      return found;
    };
    const docs: Doc[] = [];
    for (const row of data) docs.push(await this.document(reg, columns, row, lang, fail, resolve));
    await this.duplicates(reg, declared, columns, data, docs, user, lang, fail);
    errors.sort((a, b) => a.row - b.row || a.column.length - b.column.length || a.column.localeCompare(b.column));
    if (errors.length && !validOnly) {
      throw new ApiError(400, 'IMPORT_ROWS_INVALID', { count: errors.length, rows: bad.size }, undefined, { errors });
    }
    const valid = docs.filter((_, i) => !bad.has(data[i]!.number));
    if (valid.length) await this.entities.createMany(reg, valid, user, lang);
    return { imported: valid.length, skipped: bad.size, errors };
  }

  /** A row's document, each cell converted by its column; then the schema's own check (the form's validator), its errors on their columns. */
  private async document(
    reg: RegisteredEntity,
    columns: readonly ImportColumn[],
    row: SheetRow,
    lang: Language,
    fail: (row: SheetRow, col: number, msg: string) => void,
    resolve: (source: string, text: string) => Promise<string | undefined>,
  ): Promise<Doc> {
    const doc: Doc = {};
    let converted = true;
    for (const [i, col] of columns.entries()) {
      const r = cellToValue(col, row.cells.get(i), lang);
      if (!r.ok) {
        converted = false;
        fail(row, i, r.message);
      } else if (r.value !== undefined && col.lookup) {
        const value = await resolve(col.lookup, String(r.value));
        if (value === undefined) {
          converted = false;
          fail(row, i, message('IMPORT_CELL_LOOKUP', lang, { value: String(r.value) }));
        } else doc[col.field] = value;
      } else if (r.value !== undefined) doc[col.field] = r.value;
    }
    const full = withDefaults(reg.schema, doc);
    const found = converted ? await documentErrors(reg, full, false) : null;
    if (found) {
      for (const e of toFieldErrors(reg.schema, found, lang)) {
        const [top = '', ...below] = docKeys(e.field);
        const index = columns.findIndex((c) => c.field === top);
        const detail = below.length ? `${fieldPath(below)}: ${e.message}` : e.message;
        fail(row, Math.max(index, 0), detail);
      }
    }
    return full;
  }

  /** Rows repeating the key of an earlier row, or of a record the user's company already holds. */
  private async duplicates(
    reg: RegisteredEntity,
    declared: ListImport,
    columns: readonly ImportColumn[],
    rows: readonly SheetRow[],
    docs: readonly Doc[],
    user: SessionUser,
    lang: Language,
    fail: (row: SheetRow, col: number, msg: string) => void,
  ): Promise<void> {
    const key = declared.key;
    if (!key?.length) return;
    const index = columns.findIndex((c) => c.field === key[0]);
    const keyOf = (doc: Doc) => (key.every((k) => doc[k] !== undefined && doc[k] !== '') ? JSON.stringify(key.map((k) => String(doc[k]))) : undefined);
    const seen = new Map<string, number>();
    const wanted: string[] = [];
    docs.forEach((doc, i) => {
      const k = keyOf(doc);
      if (!k) return;
      const first = seen.get(k);
      if (first !== undefined) fail(rows[i]!, index, message('IMPORT_DUPLICATE_IN_FILE', lang, { row: first }));
      else {
        seen.set(k, rows[i]!.number);
        wanted.push(k);
      }
    });
    if (!wanted.length) return;
    const fields = key.map((k, i) => `coalesce(doc->>$${i + 3}, '')`).join(', ');
    const { rows: stored } = await this.db.query<{ k: string }>(
      `select json_build_array(${fields})::text as k from records where entity = $1 and company_id = $2`,
      [reg.name, user.companyId, ...key],
    );
    const existing = new Set(stored.map((r) => JSON.stringify(JSON.parse(r.k) as unknown)));
    docs.forEach((doc, i) => {
      const k = keyOf(doc);
      if (k && existing.has(k) && seen.get(k) === rows[i]!.number) fail(rows[i]!, index, message('IMPORT_DUPLICATE_STORED', lang));
    });
  }
}
