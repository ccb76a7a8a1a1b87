import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Writing an xlsx, as a job of the pool (server/jobs/pool.ts): exceljs's XML and deflate work grows
 * with the rows, so it runs in a worker thread with the pool's time and heap limits. What the file
 * holds (texts, widths, which rows are hidden or bold, cell lists) is decided on the server's thread
 * and comes as plain data (server/exports/xlsx-export.ts, server/imports/xlsx-template.ts); the
 * streaming writer commits each row as it goes, and the bytes go back.
 */
export type CellText = string | number | boolean | null;

export interface CellFont {
  bold?: boolean;
  /** ARGB, e.g. FFCF1322. */
  color?: string;
}

export interface RowStyle {
  hidden?: boolean;
  font?: CellFont;
  /** Fonts of single cells, by 0-based column. */
  cells?: (CellFont | null)[];
}

export interface WorkbookSheet {
  name: string;
  /** A sheet only formulas read (the cell lists of data validations). */
  veryHidden?: boolean;
  /** Rows kept in view while scrolling. */
  frozenRows?: number;
  columns?: { key: string; width: number }[];
  rows: CellText[][];
  /** Styles of rows, by 0-based row index. */
  styles?: Record<number, RowStyle>;
  /** Cell lists: each range's cells offer the values of `source` (e.g. `lists!$A$1:$A$3`). */
  lists?: { range: string; source: string; strict: boolean }[];
}

const font = (f: CellFont): Partial<ExcelJS.Font> => ({ ...(f.bold ? { bold: true } : {}), ...(f.color ? { color: { argb: f.color } } : {}) });

function writeSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, spec: WorkbookSheet): void {
  const sheet = workbook.addWorksheet(spec.name, {
    ...(spec.veryHidden ? { state: 'veryHidden' as const } : {}),
    ...(spec.frozenRows ? { views: [{ state: 'frozen' as const, ySplit: spec.frozenRows }] } : {}),
  });
  if (spec.columns) sheet.columns = spec.columns;
  // The streaming writer keeps data validations (typed on the in-memory Worksheet only).
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  for (const list of spec.lists ?? []) {
    validations.add(list.range, { type: 'list', allowBlank: true, formulae: [list.source], showErrorMessage: list.strict });
  }
  spec.rows.forEach((values, i) => {
    const row = sheet.addRow(values);
    const style = spec.styles?.[i];
    if (style?.hidden) row.hidden = true;
    if (style?.font) row.font = font(style.font);
    style?.cells?.forEach((f, c) => {
      if (f) row.getCell(c + 1).font = font(f);
    });
    row.commit();
  });
  sheet.commit();
}

export async function writeWorkbookJob(input: { sheets: WorkbookSheet[] }): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const sheet of input.sheets) writeSheet(workbook, sheet);
  await workbook.commit();
  return Buffer.concat(chunks);
}
