import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/** The cells of an xlsx's first sheet as text, row by row (header first), read back with exceljs. */
export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: width }, (_, i) => values[i + 1]).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

/** A zip's entries by name, with their bytes, read back with yauzl. */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
