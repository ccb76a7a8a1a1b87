import { read, utils, type CellObject } from '@e965/xlsx';
import type { CellValue } from '../../engine/index.ts';
import { ApiError } from '../http/api-error.ts';
import { notSpreadsheet, type SheetLimits, type SheetRow } from './xlsx-read.ts';

/**
 * Reads the first worksheet of an old Excel workbook (.xls) without trusting it (docs/declarations.md
 * §2, imports). BIFF is read by SheetJS Community Edition (`@e965/xlsx`, the 0.20.3 release republished
 * on npm: the `xlsx` package on npm stopped at 0.18.5, with two known advisories on reading crafted
 * files). It runs only as a job of the pool (server/imports/sheet-job.ts, server/jobs/pool.ts), in a
 * worker thread with a heap cap and a time limit, so a crafted file can neither exhaust the server's
 * memory nor stall it, and whatever it might do to the worker's objects stays in the worker: only
 * plain rows come back. The upload is already capped in size (MAX_UPLOAD_BYTES).
 */

/** A cell as the .xlsx reader gives it: strings, numbers (dates stay Excel serials), booleans, errors. */
function value(cell: CellObject): CellValue | undefined {
  if (cell.t === 'e') return { error: cell.w ?? '#ERROR' };
  if (cell.t === 'z' || cell.v === undefined || cell.v === null) return undefined;
  return cell.v as CellValue;
}

function firstSheetCells(bytes: Buffer): (CellObject[] | undefined)[] {
  let book: ReturnType<typeof read> | undefined;
  try {
    // Formulas are read so they can be refused; nothing is evaluated, no external reference followed.
    book = read(bytes, { type: 'buffer', dense: true, cellFormula: true, cellHTML: false, cellStyles: false, bookVBA: false, WTF: false });
  } catch {
    book = undefined;
  }
  const sheet = book?.SheetNames.length ? book.Sheets[book.SheetNames[0]!] : undefined;
  if (!sheet) throw notSpreadsheet();
  return (sheet as unknown as { '!data'?: (CellObject[] | undefined)[] })['!data'] ?? [];
}

/** The first sheet's rows with data (in order), refused past the limits, a formula refused where it is. */
export function readXlsRows(bytes: Buffer, limits: SheetLimits): SheetRow[] {
  const data = firstSheetCells(bytes);
  const rows: SheetRow[] = [];
  for (let r = 0; r < data.length; r++) {
    const cells = new Map<number, CellValue>();
    const line = data[r] ?? [];
    for (let c = 0; c < line.length; c++) {
      const cell = line[c];
      if (!cell) continue;
      if (cell.f) throw new ApiError(400, 'IMPORT_FORMULA', { cell: utils.encode_cell({ r, c }) });
      const v = value(cell);
      if (v === undefined || v === '') continue;
      if (c >= limits.maxColumns) throw new ApiError(400, 'IMPORT_TOO_MANY_COLUMNS', { max: limits.maxColumns });
      cells.set(c, v);
    }
    if (!cells.size) continue;
    rows.push({ number: r + 1, cells });
    if (rows.length > limits.maxRows) throw new ApiError(400, 'IMPORT_MAX_ROWS', { max: limits.maxRows - 2 });
  }
  return rows;
}
