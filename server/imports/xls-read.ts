import { Worker } from 'node:worker_threads';
import type { CellValue, MessageCode } from '../../engine/index.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Reads the first worksheet of an old Excel workbook (.xls) without trusting it (docs/declarations.md
 * §2, imports). BIFF is read by SheetJS Community Edition (`@e965/xlsx`, the 0.20.3 release republished
 * on npm: the `xlsx` package on npm stopped at 0.18.5, with two known advisories on reading crafted
 * files). The read runs in a worker thread with its own heap cap and a time limit, so a crafted file can
 * neither exhaust the server's memory nor stall it, and whatever it might do to the worker's objects
 * dies with the worker: only plain rows come back. The upload is already capped in size (MAX_UPLOAD_BYTES).
 */
const WORKER = new URL('./xls-worker.mjs', import.meta.url);
const HEAP_MB = 256;
const TIME_LIMIT_MS = 20_000;

interface Reply {
  rows?: { number: number; cells: [number, CellValue][] }[];
  error?: { status: number; code: MessageCode; params?: Record<string, string | number> };
}

export function readXls(bytes: Buffer, limits: { maxRows: number; maxColumns: number }): Promise<{ number: number; cells: Map<number, CellValue> }[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { bytes, maxColumns: limits.maxColumns },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new ApiError(415, 'IMPORT_NOT_SPREADSHEET'))), TIME_LIMIT_MS);
    worker.on('message', (reply: Reply) =>
      settle(() => {
        if (reply.error) return reject(new ApiError(reply.error.status, reply.error.code, reply.error.params));
        const rows = (reply.rows ?? []).map((r) => ({ number: r.number, cells: new Map(r.cells) }));
        if (rows.length > limits.maxRows) return reject(new ApiError(400, 'IMPORT_MAX_ROWS', { max: limits.maxRows - 2 }));
        resolve(rows);
      }),
    );
    // Out of its heap (ERR_WORKER_OUT_OF_MEMORY) the file was too big to read; any other failure, unreadable.
    worker.on('error', (err: NodeJS.ErrnoException) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ApiError(413, 'IMPORT_FILE_TOO_LARGE', { max: '5 MB' }) : new ApiError(415, 'IMPORT_NOT_SPREADSHEET'))),
    );
    worker.on('exit', () => settle(() => reject(new ApiError(415, 'IMPORT_NOT_SPREADSHEET'))));
  });
}
