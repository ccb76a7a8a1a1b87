import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { exportCellText, lookupValues, type ExportColumn, type Language, type RegisteredEntity, type EntityRecord } from '../../engine/index.ts';

/** Rows read from the database per query while an export streams. */
export const EXPORT_BATCH = 500;

export interface XlsxExportJob {
  reg: RegisteredEntity;
  lang: Language;
  columns: readonly ExportColumn[];
  ids: readonly string[];
  sheetName: string;
  /** One batch of records, in the order of the ids given (visibility applied). */
  read(ids: readonly string[]): Promise<EntityRecord[]>;
  /** Labels the lookup values of a batch (server/exports/lookup-labels.ts). */
  labels: { load(wanted: Map<string, Set<string>>): Promise<void>; label(source: string, value: string): string | undefined };
}

/** Excel refuses these in a sheet's name, and more than 31 characters. */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Streams an xlsx of the job's rows into `out` with exceljs's streaming WorkbookWriter: the
 * header row is the columns' titles, then each batch of records is read, labelled and written
 * (committed rows leave memory), waiting for the reader when the output is full.
 */
export async function writeXlsx(job: XlsxExportJob, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(job.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = job.columns.map((c) => ({ header: c.title, key: c.field, width: Math.min(40, Math.max(12, c.title.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (let at = 0; at < job.ids.length; at += EXPORT_BATCH) {
    const records = await job.read(job.ids.slice(at, at + EXPORT_BATCH));
    await job.labels.load(lookupValues(job.columns, records));
    for (const record of records) {
      sheet.addRow(job.columns.map((c) => exportCellText(job.reg, c, record, job.lang, job.labels.label))).commit();
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
