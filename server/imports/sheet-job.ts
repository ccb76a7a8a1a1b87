import { readXlsRows } from './xls-read.ts';
import { readXlsxRows, sniff, type SheetLimits, type SheetRow } from './xlsx-read.ts';

/**
 * Reading an uploaded spreadsheet, as a job of the pool (server/jobs/pool.ts): parsing a file
 * that came from outside is CPU- and memory-heavy, so it runs in a worker thread with the pool's
 * time and heap limits, never on the server's thread. The bytes arrive as a Uint8Array (a Buffer
 * does not survive the structured clone as one); the rows go back with their cells as Maps.
 */
export async function readSheetJob(input: { bytes: Uint8Array; limits: SheetLimits }): Promise<SheetRow[]> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  return sniff(bytes) === 'xls' ? readXlsRows(bytes, input.limits) : readXlsxRows(bytes, input.limits);
}
