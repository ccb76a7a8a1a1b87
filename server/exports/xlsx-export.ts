import { exportCellText, lookupValues, type ExportColumn, type Language, type RegisteredEntity, type EntityRecord } from '../../engine/index.ts';
import type { Jobs } from '../jobs/pool.ts';
import type { CellText } from './workbook-job.ts';
import { sheetName, workbookBytes } from './workbook.ts';

/** Rows read from the database per query while an export is gathered. */
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

/**
 * An xlsx of the job's rows: the header row is the columns' titles (bold, kept in view), then each
 * batch of records is read and labelled here, as texts; the file is written by the job pool
 * (server/exports/workbook-job.ts), off the server's thread. The rows are at most the export's
 * declared maxRows, refused before this is called.
 */
export async function buildXlsx(jobs: Jobs, job: XlsxExportJob): Promise<Buffer> {
  const rows: CellText[][] = [job.columns.map((c) => c.title)];
  for (let at = 0; at < job.ids.length; at += EXPORT_BATCH) {
    const records = await job.read(job.ids.slice(at, at + EXPORT_BATCH));
    await job.labels.load(lookupValues(job.columns, records));
    for (const record of records) rows.push(job.columns.map((c) => exportCellText(job.reg, c, record, job.lang, job.labels.label)));
  }
  const columns = job.columns.map((c) => ({ key: c.field, width: Math.min(40, Math.max(12, c.title.length + 4)) }));
  return workbookBytes(jobs, [{ name: sheetName(job.sheetName), frozenRows: 1, columns, rows, styles: { 0: { font: { bold: true } } } }]);
}
