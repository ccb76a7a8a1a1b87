import type { Jobs } from '../jobs/pool.ts';
import { notSpreadsheet, sniff, type SheetLimits, type SheetRow } from './xlsx-read.ts';

/**
 * The first sheet of an uploaded .xlsx or .xls, read by the job pool (server/imports/sheet-job.ts):
 * what the first bytes refuse (not a spreadsheet, past the upload size) is refused here at once;
 * a reader that fails on a crafted file otherwise than by a limit makes it "not a spreadsheet".
 */
export function readSheet(jobs: Jobs, bytes: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  sniff(bytes);
  return jobs.run('readSheet', { bytes, limits }, { crashed: notSpreadsheet });
}
