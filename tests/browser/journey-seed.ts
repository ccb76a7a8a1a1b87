import { sealPassword } from '../support/api-harness.ts';
import { DEMO_PASSWORD } from './portal-server.ts';
import { REPORT_PDF } from './report-steps.ts';

/**
 * A journey's setup through the server's API, for the steps its user does not take (other
 * companies' and staff's work): each call as the account would send it, signed in through the API.
 */
export type ApiCall = <T = Record<string, unknown>>(method: string, path: string, data?: unknown, contentType?: string) => Promise<T>;

/** Signs `account` in through the API and returns a caller for its session. */
export async function apiSession(baseUrl: string, account: string, password = DEMO_PASSWORD): Promise<ApiCall> {
  const key = (await (await fetch(`${baseUrl}/api/auth/public-key`)).json()) as { data: { spki: string } };
  const login = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: sealPassword(key.data.spki, password), type: 'account', termsAccepted: true }),
  });
  if (!login.ok) throw new Error(`login ${account}: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  return async <T>(method: string, path: string, data?: unknown, contentType = 'application/json') => {
    const body = data === undefined ? undefined : Buffer.isBuffer(data) ? new Uint8Array(data) : JSON.stringify(data);
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { 'Portico-Auth': `bearer ${token}`, ...(body ? { 'content-type': contentType } : {}) }, body });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${account} ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

type Made = { id: string; version: number; doc: { trfNo: string; reportNo: string } };

/** Sends the events in turn to the record, each with the version the one before left. */
async function send(call: ApiCall, entity: string, record: Made, events: readonly [string, unknown?][]): Promise<Made> {
  let at = record;
  for (const [type, payload] of events) at = await call<Made>('POST', `/api/entities/${entity}/${at.id}/events`, { type, version: at.version, payload });
  return at;
}

/**
 * Staff take the submitted TRF through acceptance and testing to Report Issued, with an issued
 * report holding the test `lines` (entered before it is issued: an issued report's lines are closed)
 * and its PDF (REPORT_PDF).
 */
export async function staffIssueReport(staff: ApiCall, trfId: string, lines: readonly Record<string, unknown>[]): Promise<{ trfNo: string; reportNo: string }> {
  let trf = await staff<Made>('GET', `/api/entities/trf/${trfId}`);
  trf = await send(staff, 'trf', trf, [['ACCEPT_APPLICATION'], ['CONFIRM_SAMPLE_RECEIVED', { sampleReceivedDate: '2026-11-20' }], ['START_TESTING'], ['COMPLETE_TESTING']]);
  const pdf = await staff<Record<string, unknown>>('POST', `/api/files?name=${trf.doc.trfNo}.pdf`, REPORT_PDF, 'application/pdf');
  const report = await staff<Made>('POST', '/api/entities/report', {
    doc: { trfId: trf.id, trfNo: trf.doc.trfNo, conclusion: 'pass', testStartDate: '2026-11-21', reportIssuedDate: '2026-11-25', reportPdf: [pdf] },
  });
  for (const line of lines) await staff('POST', '/api/entities/testLine', { doc: { reportId: report.id, sampleNo: 'S-1', categoryCode: 'CHEM', ...line } });
  await send(staff, 'report', report, [['ISSUE']]);
  await send(staff, 'trf', trf, [['ISSUE_REPORT']]);
  return { trfNo: trf.doc.trfNo, reportNo: report.doc.reportNo };
}

/** A TRF the supplier submits (`doc`), which staff take to Report Issued with an issued report holding the test `lines` (staffIssueReport). */
export async function supplierTrfWithIssuedReport(supplier: ApiCall, staff: ApiCall, doc: Record<string, unknown>, lines: readonly Record<string, unknown>[]): Promise<{ id: string; trfNo: string; reportNo: string }> {
  let trf = await supplier<Made>('POST', '/api/entities/trf', { doc });
  trf = await send(supplier, 'trf', trf, [['SUBMIT']]);
  return { id: trf.id, ...(await staffIssueReport(staff, trf.id, lines)) };
}
