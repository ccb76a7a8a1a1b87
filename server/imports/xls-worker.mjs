// Reads an old Excel workbook (.xls, BIFF in an OLE container) inside a worker thread; see xls-read.ts.
// Plain JavaScript so the worker starts the same under `npm start` (tsx) and under the tests.
import { parentPort, workerData } from 'node:worker_threads';
import { read, utils } from '@e965/xlsx';

const { bytes, maxColumns } = workerData;
const fail = (status, code, params) => parentPort.postMessage({ error: { status, code, params } });

/** A cell as the .xlsx reader gives it: strings, numbers (dates stay Excel serials), booleans, errors. */
function value(cell) {
  if (cell.t === 'e') return { error: cell.w ?? '#ERROR' };
  if (cell.t === 'z' || cell.v === undefined || cell.v === null) return undefined;
  return cell.v;
}

let book;
try {
  // Formulas are read so they can be refused; nothing is evaluated, no external reference followed.
  book = read(bytes, { type: 'buffer', dense: true, cellFormula: true, cellHTML: false, cellStyles: false, bookVBA: false, WTF: false });
} catch {
  book = undefined;
}
const sheet = book?.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined;
if (!sheet) {
  fail(415, 'IMPORT_NOT_SPREADSHEET');
} else {
  const rows = [];
  let refused = false;
  const data = sheet['!data'] ?? [];
  for (let r = 0; r < data.length && !refused; r++) {
    const cells = [];
    const line = data[r] ?? [];
    for (let c = 0; c < line.length; c++) {
      const cell = line[c];
      if (!cell) continue;
      if (cell.f) {
        fail(400, 'IMPORT_FORMULA', { cell: utils.encode_cell({ r, c }) });
        refused = true;
        break;
      }
      const v = value(cell);
      if (v === undefined || v === '') continue;
      if (c >= maxColumns) {
        fail(400, 'IMPORT_TOO_MANY_COLUMNS', { max: maxColumns });
        refused = true;
        break;
      }
      cells.push([c, v]);
    }
    if (cells.length) rows.push({ number: r + 1, cells });
  }
  if (!refused) parentPort.postMessage({ rows });
}
