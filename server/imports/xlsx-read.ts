import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import { SaxesParser } from 'saxes';
import type { CellValue } from '../../engine/index.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Reads the first worksheet of an uploaded .xlsx without trusting it (docs/declarations.md §2,
 * imports): the bytes must be a zip (an old .xls, OLE, goes to xls-read.ts; anything else is
 * refused by its first bytes); the zip's entry count and each entry's declared sizes are checked before anything is
 * inflated, and inflating stops at the declared size (yauzl) and at our own caps, so a zip bomb
 * never fills memory; the sheet's XML is parsed as a stream (saxes), rows past the cap and
 * columns past the cap are refused as soon as they appear, and a formula is refused where it is.
 * Only the parts needed are read: the workbook, its relations, shared strings and one sheet.
 */
export interface SheetLimits {
  /** Rows with data, the header rows included. */
  maxRows: number;
  maxColumns: number;
}

/** A sheet row: its 1-based number and its cells by 0-based column. */
export interface SheetRow {
  number: number;
  cells: Map<number, CellValue>;
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MAX_ENTRIES = 200;
/** The largest part we inflate, and all parts read together. */
const MAX_PART_BYTES = 40 * 1024 * 1024;
const MAX_SHARED_STRINGS = 200_000;
/** Row elements (empty ones included) read past the last row with data before the file counts as too long. */
const MAX_EMPTY_ROWS = 5_000;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const notSpreadsheet = () => new ApiError(415, 'IMPORT_NOT_SPREADSHEET');
const tooLarge = () => new ApiError(413, 'IMPORT_FILE_TOO_LARGE', { max: `${MAX_UPLOAD_BYTES / 1024 / 1024} MB` });

/** What the first bytes say the file is: an .xlsx (zip) or an .xls (OLE); anything else is refused. */
export function sniff(bytes: Buffer): 'xlsx' | 'xls' {
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
  if (bytes.subarray(0, OLE.length).equals(OLE)) return 'xls';
  if (!bytes.subarray(0, ZIP.length).equals(ZIP)) throw notSpreadsheet();
  return 'xlsx';
}

type Entries = Map<string, yauzl.Entry>;

function openZip(bytes: Buffer): Promise<{ zip: yauzl.ZipFile; entries: Entries }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(notSpreadsheet());
      if (zip.entryCount > MAX_ENTRIES) {
        zip.close();
        return reject(notSpreadsheet());
      }
      const entries: Entries = new Map();
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > MAX_PART_BYTES || total > MAX_PART_BYTES * 2) {
          zip.close();
          return reject(tooLarge());
        }
        entries.set(entry.fileName.replace(/^\/+/, ''), entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.on('error', () => reject(notSpreadsheet()));
      zip.readEntry();
    });
  });
}

/** Streams one part's XML through a saxes parser; inflating stops at the part's declared size. */
function parsePart(zip: yauzl.ZipFile, entry: yauzl.Entry, handle: (parser: SaxesParser) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(notSpreadsheet());
      const parser = new SaxesParser();
      // A character may straddle two chunks: the decoder keeps its first bytes for the next.
      const decoder = new StringDecoder('utf8');
      let failed: unknown;
      parser.on('error', (e) => {
        failed ??= e;
      });
      handle(parser);
      stream.on('data', (chunk: Buffer) => {
        if (failed) return;
        try {
          parser.write(decoder.write(chunk));
        } catch (e) {
          failed = e;
        }
        if (failed) stream.destroy();
      });
      stream.on('error', (e) => reject(e instanceof ApiError ? e : notSpreadsheet()));
      stream.on('close', () => {
        if (failed) return reject(failed instanceof ApiError ? failed : notSpreadsheet());
        resolve();
      });
      stream.on('end', () => {
        try {
          parser.close();
        } catch (e) {
          failed ??= e;
        }
      });
    });
  });
}

/** `B12` → column 1 (0-based). */
function columnOf(ref: string | undefined, fallback: number): number {
  const letters = ref ? /^([A-Z]+)/.exec(ref)?.[1] : undefined;
  if (!letters) return fallback;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The first sheet's part, by the workbook's first `<sheet>` and its relation. */
async function firstSheet(zip: yauzl.ZipFile, entries: Entries): Promise<yauzl.Entry> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw notSpreadsheet();
  let rid: string | undefined;
  await parsePart(zip, workbook, (p) =>
    p.on('opentag', (tag) => {
      if (!rid && tag.name === 'sheet') rid = String(tag.attributes['r:id'] ?? '');
    }),
  );
  let target: string | undefined;
  await parsePart(zip, rels, (p) =>
    p.on('opentag', (tag) => {
      if (tag.name === 'Relationship' && tag.attributes.Id === rid) target = String(tag.attributes.Target ?? '');
    }),
  );
  const path = target?.startsWith('/') ? target.slice(1) : `xl/${target ?? ''}`;
  const sheet = target ? entries.get(path.replace(/\/\.\//g, '/')) : undefined;
  if (!sheet) throw notSpreadsheet();
  return sheet;
}

async function sharedStrings(zip: yauzl.ZipFile, entries: Entries): Promise<string[]> {
  const part = entries.get('xl/sharedStrings.xml');
  const out: string[] = [];
  if (!part) return out;
  let current: string | undefined;
  let inText = false;
  let phonetic = false;
  await parsePart(zip, part, (p) => {
    p.on('opentag', (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') phonetic = true;
      else if (tag.name === 't' && !phonetic) inText = true;
    });
    p.on('text', (t) => {
      if (inText && current !== undefined) current += t;
    });
    p.on('closetag', (tag) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'rPh') phonetic = false;
      else if (tag.name === 'si') {
        if (out.length >= MAX_SHARED_STRINGS) throw tooLarge();
        out.push(current ?? '');
        current = undefined;
      }
    });
  });
  return out;
}

const cellRef = (col: number, row: number) => {
  let s = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return `${s}${row}`;
};

/** The first sheet of an .xlsx: its rows with data (in order), refused past the limits, a formula refused where it is. */
export async function readXlsxRows(bytes: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const { zip, entries } = await openZip(bytes);
  try {
    const sheet = await firstSheet(zip, entries);
    const strings = await sharedStrings(zip, entries);
    const rows: SheetRow[] = [];
    let row: SheetRow | undefined;
    let cell: { col: number; type: string; value: string; inline: boolean } | undefined;
    let inValue = false;
    let rowElements = 0;
    let lastRowNumber = 0;
    await parsePart(zip, sheet, (p) => {
      p.on('opentag', (tag) => {
        const name = tag.name;
        if (name === 'row') {
          rowElements += 1;
          lastRowNumber = Number(tag.attributes.r) || lastRowNumber + 1;
          row = { number: lastRowNumber, cells: new Map() };
          if (rowElements - rows.length > MAX_EMPTY_ROWS) throw new ApiError(400, 'IMPORT_MAX_ROWS', { max: limits.maxRows - 2 });
        } else if (name === 'c' && row) {
          const col = columnOf(String(tag.attributes.r ?? ''), row.cells.size);
          if (col >= limits.maxColumns) throw new ApiError(400, 'IMPORT_TOO_MANY_COLUMNS', { max: limits.maxColumns });
          cell = { col, type: String(tag.attributes.t ?? 'n'), value: '', inline: false };
        } else if (name === 'f' && row && cell) {
          throw new ApiError(400, 'IMPORT_FORMULA', { cell: cellRef(cell.col, row.number) });
        } else if (cell && (name === 'v' || (name === 't' && cell.inline))) {
          inValue = true;
        } else if (cell && name === 'is') {
          cell.inline = true;
        }
      });
      p.on('text', (t) => {
        if (inValue && cell) cell.value += t;
      });
      p.on('closetag', (tag) => {
        const name = tag.name;
        if (name === 'v' || name === 't') inValue = false;
        else if (name === 'c' && row && cell) {
          const value = cellValue(cell, strings);
          if (value !== undefined && value !== '') row.cells.set(cell.col, value);
          cell = undefined;
        } else if (name === 'row' && row) {
          if (row.cells.size) {
            rows.push(row);
            if (rows.length > limits.maxRows) throw new ApiError(400, 'IMPORT_MAX_ROWS', { max: limits.maxRows - 2 });
          }
          row = undefined;
        }
      });
    });
    return rows;
  } finally {
    zip.close();
  }
}

function cellValue(cell: { type: string; value: string; inline: boolean }, strings: readonly string[]): CellValue | undefined {
  switch (cell.type) {
    case 's':
      return strings[Number(cell.value)] ?? '';
    case 'inlineStr':
    case 'str':
      return cell.value;
    case 'b':
      return cell.value === '1';
    case 'e':
      return { error: cell.value };
    case 'd':
      return cell.value.slice(0, 10);
    default: {
      if (cell.value === '') return undefined;
      const n = Number(cell.value);
      return Number.isFinite(n) ? n : cell.value;
    }
  }
}
