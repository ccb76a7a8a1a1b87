import type { PortalPage } from './portal-page.ts';

/** A minimal PDF for a report upload. */
export const REPORT_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Uploads a PDF as the logged-in user (its session token): the attachment item a document references. */
export async function uploadPdf(portal: PortalPage, name: string): Promise<Record<string, unknown>> {
  const token = await portal.page.evaluate(() => sessionStorage.getItem('portico_token'));
  const res = await portal.page.request.fetch(`${portal.baseUrl}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Portico-Auth': `bearer ${token}`, 'content-type': 'application/pdf' },
    data: REPORT_PDF,
  });
  const body = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok()) throw new Error(`upload: ${res.status()} ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * The steps a test does not take through the pages: the TRF's report made and issued by the
 * logged-in staff user through the API (what Report Issued needs: schemas/report/).
 */
export async function issueReportByApi(portal: PortalPage, trfId: string, trfNo: string): Promise<void> {
  const doc = { trfId, trfNo, conclusion: 'pass', testStartDate: '2026-11-21', reportIssuedDate: '2026-11-25', reportPdf: [await uploadPdf(portal, 'report.pdf')] };
  const made = await portal.api<{ id: string; version: number }>('POST', '/api/entities/report', { doc });
  await portal.api('POST', `/api/entities/report/${made.id}/events`, { type: 'ISSUE', version: made.version });
}
