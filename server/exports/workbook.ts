import type { Jobs } from '../jobs/pool.ts';
import type { WorkbookSheet } from './workbook-job.ts';

/** Excel refuses these in a sheet's name, and more than 31 characters. */
export const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/** The xlsx of the sheets, written by the job pool (server/exports/workbook-job.ts), off the server's thread. */
export async function workbookBytes(jobs: Jobs, sheets: WorkbookSheet[]): Promise<Buffer> {
  const bytes = await jobs.run('writeWorkbook', { sheets });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
