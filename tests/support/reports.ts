import type { ApiHarness } from './api-harness.ts';
import { fileBytes } from './api-harness.ts';

/** A report PDF uploaded by the token's user: the attachment item a document references. */
export async function uploadPdf(h: ApiHarness, token: string, size = 2048, name = 'report.pdf'): Promise<Record<string, unknown>> {
  const res = await h.call({ method: 'POST', url: `/api/files?name=${encodeURIComponent(name)}`, headers: { 'content-type': 'application/pdf' }, payload: fileBytes('pdf', size), token });
  if (res.status !== 200) throw new Error(`upload: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A complete report document for a TRF (conclusion, dates, one PDF). */
export function reportDoc(trfId: string, pdf: Record<string, unknown>, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { trfId, trfNo: 'TRF', conclusion: 'pass', testStartDate: '2026-11-03', reportIssuedDate: '2026-11-08', reportPdf: [pdf], ...overrides };
}

/** A TRF moved by the applicant and staff to `completed` (testing done): what a report is made for; `until`: stopped after that step. */
export async function completedTrf(h: ApiHarness, tokens: { applicant: string; staff: string }, doc: Record<string, unknown>, until = 'COMPLETE_TESTING'): Promise<any> {
  let trf = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token: tokens.applicant })).body.data;
  const steps: [string, string, unknown?][] = [
    ['SUBMIT', tokens.applicant],
    ['ACCEPT_APPLICATION', tokens.staff],
    ['CONFIRM_SAMPLE_RECEIVED', tokens.staff, { sampleReceivedDate: '2026-11-02' }],
    ['START_TESTING', tokens.staff],
    ['COMPLETE_TESTING', tokens.staff],
  ];
  for (const [type, token, payload] of steps) {
    const res = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, payload: { type, version: trf.version, payload }, token });
    if (res.status !== 200) throw new Error(`${type}: ${JSON.stringify(res.body)}`);
    trf = res.body.data;
    if (type === until) break;
  }
  return trf;
}

/**
 * A report of the TRF made and issued by staff (conclusion and PDF): what ISSUE_REPORT of the TRF
 * needs; with its test `lines` entered before it is issued (an issued report's lines are closed).
 */
export async function issuedReport(h: ApiHarness, trfId: string, staff: string, overrides: Record<string, unknown> = {}, lines: readonly Record<string, unknown>[] = []): Promise<any> {
  const made = await h.call({ method: 'POST', url: '/api/entities/report', payload: { doc: reportDoc(trfId, await uploadPdf(h, staff), overrides) }, token: staff });
  if (made.status !== 201) throw new Error(`report: ${JSON.stringify(made.body)}`);
  for (const line of lines) {
    const res = await h.call({ method: 'POST', url: '/api/entities/testLine', payload: { doc: { reportId: made.body.data.id, ...line } }, token: staff });
    if (res.status !== 201) throw new Error(`testLine: ${JSON.stringify(res.body)}`);
  }
  const issued = await h.call({ method: 'POST', url: `/api/entities/report/${made.body.data.id}/events`, payload: { type: 'ISSUE', version: made.body.data.version }, token: staff });
  if (issued.status !== 200) throw new Error(`ISSUE: ${JSON.stringify(issued.body)}`);
  return issued.body.data;
}
