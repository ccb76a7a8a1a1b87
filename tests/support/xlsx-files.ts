import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { ZipArchive } from 'archiver';
import { read as readBook, write as writeBook } from '@e965/xlsx';
import { readZip } from './read-exports.ts';

type Cell = string | number | { formula: string } | null;

/** An import template (as downloaded) with data rows added after its two header rows; `edit` may change the header first. */
export async function fillTemplate(template: Buffer, rows: readonly Cell[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  edit?.(sheet);
  rows.forEach((r, i) => {
    const row = sheet.getRow(3 + i);
    r.forEach((v, j) => {
      if (v !== null) row.getCell(j + 1).value = v as ExcelJS.CellValue;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of the given entries (deflated), e.g. an xlsx with one part replaced. */
export async function zipOf(entries: ReadonlyMap<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipArchive({ zlib: { level: 9 } });
  for (const [name, data] of entries) zip.append(typeof data === 'string' ? Buffer.from(data) : data, { name });
  void zip.finalize();
  return buffer(zip);
}

/** The template's zip with its first sheet's XML replaced (row elements in `sheetData`). */
export async function withSheetData(template: Buffer, sheetData: string): Promise<Buffer> {
  const entries = await readZip(template);
  const sheet = entries.get('xl/worksheets/sheet1.xml')!.toString('utf8');
  entries.set('xl/worksheets/sheet1.xml', Buffer.from(sheet.replace(/<sheetData>[\s\S]*<\/sheetData>|<sheetData\/>/, `<sheetData>${sheetData}</sheetData>`)));
  return zipOf(entries);
}

/** The same workbook saved in the old Excel format (.xls, BIFF8), as "Save as Excel 97-2003" would. */
export function asXls(xlsx: Buffer): Buffer {
  return writeBook(readBook(xlsx, { type: 'buffer', cellFormula: true }), { type: 'buffer', bookType: 'xls' }) as Buffer;
}
