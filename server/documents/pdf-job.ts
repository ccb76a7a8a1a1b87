import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './woff.ts';

/**
 * Rendering a document's PDF, as a job of the pool (server/jobs/pool.ts): laying out text and
 * subsetting the CJK font is CPU work that grows with the record, so it runs in a worker thread
 * with the pool's time and heap limits. The job gets the document as plain texts (what it says is
 * decided on the server's thread: server/documents/record-pdf.ts) and gives back the bytes.
 *
 * Text is set in Noto Sans SC from the npm package @fontsource/noto-sans-sc (its simplified-Chinese
 * file holds Latin, digits and currency signs too), so no system font is needed; pdfkit embeds only
 * the glyphs used (a subset). The package ships WOFF, which fontkit inflates table by table on every
 * access (tens of seconds per document): it is unwrapped to the plain OpenType font once per worker
 * (`documentFont`), which pdfkit subsets in milliseconds.
 */
export interface PdfText {
  title: string;
  /** Under the title, smaller (the record's title field). */
  subtitle?: string;
  sections: { title: string; lines: string[] }[];
}

const FONT = createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');
let font: Buffer | undefined;
/** The documents' font as OpenType, unwrapped from its WOFF on first use. */
export const documentFont = (): Buffer => (font ??= woffToSfnt(readFileSync(FONT)));

export function renderPdfJob(input: PdfText): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: input.title } });
  doc.registerFont('body', documentFont());
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text(input.title, { align: 'center' });
  if (input.subtitle !== undefined) doc.moveDown(0.3).fontSize(11).text(input.subtitle, { align: 'center' });
  for (const section of input.sections) {
    doc.moveDown(1).fontSize(13).text(section.title);
    doc.moveDown(0.3).fontSize(10);
    for (const line of section.lines) doc.text(line);
  }
  doc.end();
  return done;
}
