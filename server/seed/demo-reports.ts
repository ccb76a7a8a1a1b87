import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { EntityService } from '../entities/service.ts';
import { insertFile } from '../files/files-repo.ts';
import type { FileStorage } from '../files/storage.ts';

/** A demo test line (the fields of schemas/testLine/). */
export type DemoLine = Record<'categoryCode' | 'protocolPackage' | 'citation' | 'sampleNo' | 'testName' | 'testResult' | 'component' | 'color', string>;

/** A demo report of a TRF: its conclusion, dates and lines. */
export interface DemoReport {
  conclusion: 'pass' | 'fail' | 'seeResult';
  testStartDate: string;
  reportIssuedDate: string;
  marketSegment: string;
  rslStatus: 'compliant' | 'nonCompliant' | 'notApplicable';
  lines: readonly DemoLine[];
}

/** The report's PDF, printed with pdfkit (Latin text: the built-in fonts). */
function reportPdf(trfNo: string, report: DemoReport): Promise<Buffer> {
  return new Promise((done, fail) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 48 });
    const parts: Buffer[] = [];
    pdf.on('data', (b: Buffer) => parts.push(b));
    pdf.on('end', () => done(Buffer.concat(parts)));
    pdf.on('error', fail);
    pdf.fontSize(18).text('Test report (demo)').moveDown();
    pdf.fontSize(11).text(`TRF: ${trfNo}`).text(`Conclusion: ${report.conclusion}`).text(`Test start: ${report.testStartDate}   Issued: ${report.reportIssuedDate}`).moveDown();
    for (const l of report.lines) pdf.text(`${l.sampleNo}  ${l.categoryCode}  ${l.citation}  ${l.testResult}`);
    pdf.end();
  });
}

/**
 * A TRF's issued report with its test lines, made through the same service the API uses: the PDF
 * stored as an upload of staff, the report and lines written, the report issued.
 */
export async function seedDemoReport(
  db: Database,
  service: EntityService,
  registry: EntityRegistry,
  files: FileStorage,
  staff: SessionUser,
  trf: { id: string; doc: Record<string, unknown> },
  report: DemoReport,
): Promise<void> {
  if (!registry.has('report') || !registry.has('testLine')) return;
  const trfNo = String(trf.doc.trfNo ?? '');
  const bytes = await reportPdf(trfNo, report);
  const fileId = randomUUID();
  const path = await files.put(fileId, bytes, 'application/pdf');
  const fileName = `${trfNo}-report.pdf`;
  await insertFile(db, { id: fileId, fileName, contentType: 'application/pdf', size: bytes.length, path, uploadedBy: staff.id, companyId: staff.companyId });
  const { lines, ...fields } = report;
  const doc = { trfId: trf.id, trfNo, ...fields, reportPdf: [{ fileId, fileName, contentType: 'application/pdf', size: bytes.length }] };
  const made = await service.create(registry.get('report'), { doc }, staff, 'zh-CN');
  for (const line of lines) await service.create(registry.get('testLine'), { doc: { reportId: made.id, reportNo: made.doc.reportNo, ...line } }, staff, 'zh-CN');
  await service.send(registry.get('report'), made.id, { type: 'ISSUE', version: made.version }, staff, 'zh-CN');
}

const line = (sampleNo: string, categoryCode: string, citation: string, testName: string, testResult: string, component: string, color: string): DemoLine => ({
  categoryCode, protocolPackage: 'Textile basic package', citation, sampleNo, testName, testResult, component, color,
});

/** The demo's issued reports: one passing knitted top, one failing on formaldehyde. */
export const DEMO_REPORTS: readonly DemoReport[] = [
  {
    conclusion: 'pass', testStartDate: '2026-10-21', reportIssuedDate: '2026-10-29', marketSegment: 'Apparel', rslStatus: 'compliant',
    lines: [
      line('S-001', 'CHEM', 'GB 18401-2010', 'Formaldehyde content', '< 20 mg/kg', 'Body fabric', 'Navy'),
      line('S-001', 'CHEM', 'GB/T 7573-2009', 'pH value', '6.8', 'Body fabric', 'Navy'),
      line('S-001', 'PHYS', 'GB/T 3920-2008', 'Colour fastness to rubbing', '4-5', 'Body fabric', 'Navy'),
    ],
  },
  {
    conclusion: 'fail', testStartDate: '2026-10-22', reportIssuedDate: '2026-10-30', marketSegment: 'Apparel', rslStatus: 'nonCompliant',
    lines: [
      line('S-001', 'CHEM', 'GB 18401-2010', 'Formaldehyde content', '112 mg/kg', 'Lining', 'White'),
      line('S-001', 'CHEM', 'GB/T 17592-2011', 'Banned azo dyes', 'Not detected', 'Body fabric', 'Navy'),
    ],
  },
];
