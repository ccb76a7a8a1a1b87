import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { issuedReport } from '../support/reports.ts';

describe.each(BACKENDS)('lifecycle events on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    staff = await h.login('staff');
  });
  afterAll(() => h.close());

  const newTrf = async () => (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: applicant })).body.data;
  const send = (id: string, type: string, version: number, token: string, payload?: unknown, lang = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/trf/${id}/events`, payload: { type, version, payload }, token, lang });
  const auditCount = async (id: string) => (await h.db.query<{ n: number }>('select count(*)::int as n from audit where record_id = $1', [id])).rows[0]!.n;

  it('walks a TRF from draft to report issued, one audit row per transition', async () => {
    const r = await newTrf();
    const steps: [string, string, unknown?][] = [
      ['SUBMIT', applicant],
      ['ACCEPT_APPLICATION', staff],
      ['CONFIRM_SAMPLE_RECEIVED', staff, { sampleReceivedDate: '2026-11-02' }],
      ['START_TESTING', staff],
      ['COMPLETE_TESTING', staff],
      ['ISSUE_REPORT', staff],
    ];
    let version = 1;
    for (const [type, token, payload] of steps) {
      // Report Issued needs the TRF's issued report with a conclusion (schemas/report/, tests/api/reports.test.ts).
      if (type === 'ISSUE_REPORT') await issuedReport(h, r.id, staff);
      const res = await send(r.id, type, version, token, payload);
      expect(res.status, type).toBe(200);
      version = res.body.data.version;
    }
    const done = await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}`, token: applicant });
    expect(done.body.data.states.$status).toBe('reportIssued');
    expect(done.body.data.doc.sampleReceivedDate).toBe('2026-11-02');
    const history = (await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}/history`, token: applicant })).body.data;
    expect(history.map((e: any) => e.event ?? e.kind)).toEqual(['create', ...steps.map((s) => s[0])]);
    expect(history[2]).toMatchObject({ kind: 'event', actorName: '周工程师', fromStates: { $status: 'submitted' }, toStates: { $status: 'applicationAccepted' } });
  });

  it('refuses an event the state does not allow, with the state in the message, writing nothing', async () => {
    const r = await newTrf();
    const before = await auditCount(r.id);
    const res = await send(r.id, 'ISSUE_REPORT', 1, staff);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('"Issue report" is not possible while the record is "Draft"');
    const zh = await send(r.id, 'ISSUE_REPORT', 1, staff, undefined, 'zh-CN');
    expect(zh.body.message).toBe('当前状态“草稿”下不能执行“签发报告”');
    expect(await auditCount(r.id)).toBe(before);
  });

  it('refuses an event the user may not send', async () => {
    const r = await newTrf();
    await send(r.id, 'SUBMIT', 1, applicant);
    const res = await send(r.id, 'ACCEPT_APPLICATION', 2, applicant);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have permission for this (trf:accept)');
  });

  it('checks event payloads and guards: a return needs a reason', async () => {
    const r = await newTrf();
    await send(r.id, 'SUBMIT', 1, applicant);
    const missing = await send(r.id, 'RETURN', 2, staff, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors![0]).toMatchObject({ field: 'reason' });
    const blank = await send(r.id, 'RETURN', 2, staff, { reason: '   ' });
    expect(blank.status).toBe(409);
    const ok = await send(r.id, 'RETURN', 2, staff, { reason: 'Buyer contact missing' });
    expect(ok.body.data.states.$status).toBe('returned');
    const history = (await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}/history`, token: applicant })).body.data;
    expect(history.at(-1).payload).toEqual({ reason: 'Buyer contact missing' });
  });

  it('refuses unknown events and stale versions', async () => {
    const r = await newTrf();
    expect((await send(r.id, 'TELEPORT', 1, applicant)).body.errorCode).toBe('UNKNOWN_EVENT');
    expect((await send(r.id, 'SUBMIT', 7, applicant)).status).toBe(409);
    expect((await send(r.id, 'SUBMIT', 1, applicant)).status).toBe(200);
  });

  it('puts a TRF on hold and resumes it where it was (history state)', async () => {
    const r = await newTrf();
    let v = (await send(r.id, 'SUBMIT', 1, applicant)).body.data.version;
    v = (await send(r.id, 'ACCEPT_APPLICATION', v, staff)).body.data.version;
    v = (await send(r.id, 'CONFIRM_SAMPLE_RECEIVED', v, staff, { sampleReceivedDate: '2026-11-01' })).body.data.version;
    v = (await send(r.id, 'START_TESTING', v, staff)).body.data.version;
    const held = await send(r.id, 'PEND', v, staff, { reason: 'Waiting for the buyer' });
    expect(held.body.data.states.$status).toBe('pending');
    const resumed = await send(r.id, 'RESUME', held.body.data.version, staff);
    expect(resumed.body.data.states.$status).toBe('testing');
  });

  it('runs the quotation sub-states beside the status', async () => {
    const r = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ quotationNeeded: true }) }, token: applicant })).body.data;
    // Sending a quotation makes the priced quotation (quotation-from-trf.test.ts): its dialog gives the lines.
    const priced = { currency: 'CNY', lines: [{ item: 'pH', amount: 10000 }] };
    const early = await send(r.id, 'SEND_QUOTATION', 1, staff, priced);
    expect(early.status).toBe(409);
    let v = (await send(r.id, 'SUBMIT', 1, applicant)).body.data.version;
    v = (await send(r.id, 'SEND_QUOTATION', v, staff, priced)).body.data.version;
    const rejected = await send(r.id, 'REJECT_QUOTATION', v, applicant, { reason: 'Too expensive' });
    expect(rejected.body.data.states).toEqual({ $status: 'submitted', $quotationStatus: 'rejected' });
    v = (await send(r.id, 'SEND_QUOTATION', rejected.body.data.version, staff, priced)).body.data.version;
    const confirmed = await send(r.id, 'CONFIRM_QUOTATION', v, applicant);
    expect(confirmed.body.data.states.$quotationStatus).toBe('confirmed');
  });

  it('deletes drafts only, after which the record is gone but its audit stays', async () => {
    const r = await newTrf();
    const stale = await h.call({ method: 'DELETE', url: `/api/entities/trf/${r.id}?version=9`, token: applicant });
    expect(stale.status).toBe(409);
    const del = await h.call({ method: 'DELETE', url: `/api/entities/trf/${r.id}?version=1`, token: applicant });
    expect(del.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}`, token: applicant })).status).toBe(404);
    const { rows } = await h.db.query<{ kind: string }>('select kind from audit where record_id = $1 order by id', [r.id]);
    expect(rows.map((x) => x.kind)).toEqual(['create', 'delete']);

    const s = await newTrf();
    await send(s.id, 'SUBMIT', 1, applicant);
    const notDraft = await h.call({ method: 'DELETE', url: `/api/entities/trf/${s.id}?version=2`, token: applicant, lang: 'en-US' });
    expect(notDraft.status).toBe(409);
    expect(notDraft.body.errorCode).toBe('EVENT_NOT_ALLOWED');
    expect((await h.call({ method: 'DELETE', url: `/api/entities/trf/${s.id}`, token: applicant })).status).toBe(400);
  });

  it('cancels or deletes an incomplete draft: neither needs the required fields', async () => {
    const incomplete = { template: 'TPL-TEXTILE', buyer: { companyId: 'c-buyer' } };
    const create = async () => (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: incomplete }, token: applicant })).body.data;
    const toCancel = await create();
    const cancelled = await send(toCancel.id, 'CANCEL', 1, applicant);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.states.$status).toBe('cancel');
    const toDelete = await create();
    expect((await h.call({ method: 'DELETE', url: `/api/entities/trf/${toDelete.id}?version=1`, token: applicant })).status).toBe(200);
    // Submitting still needs every required field.
    const toSubmit = await create();
    expect((await send(toSubmit.id, 'SUBMIT', 1, applicant)).body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('keeps state and audit together: a failing transition leaves both untouched', async () => {
    const r = await newTrf();
    await h.db.query('update records set doc = doc - $2 where id = $1', [r.id, 'template']);
    const before = await auditCount(r.id);
    const res = await send(r.id, 'SUBMIT', 1, applicant);
    expect(res.status).toBe(400);
    const after = await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}`, token: applicant });
    expect(after.body.data.states.$status).toBe('draft');
    expect(after.body.data.version).toBe(1);
    expect(await auditCount(r.id)).toBe(before);
  });
});
