import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { issuedReport } from '../support/reports.ts';

/** Comments on a TRF (schemas/trfComment/: belongsTo the TRF, threaded by replyTo, mailed to up to 10 recipients through the outbox). */
describe.each(BACKENDS)('TRF comments on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<string, string> = {};
  let trf: { id: string; trfNo: string };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['applicant', 'buyer', 'staff', 'supplier', 'agent']) t[a] = await h.login(a);
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ template: 'TPL-TOYS' }) }, token: t.applicant })).body.data;
    await h.call({ method: 'POST', url: `/api/entities/trf/${made.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: t.applicant });
    trf = { id: made.id, trfNo: made.doc.trfNo };
  });
  afterAll(() => h.close());

  const comment = (token: string, doc: Record<string, unknown>, lang = 'en-US') => h.call({ method: 'POST', url: '/api/entities/trfComment', payload: { doc }, token, lang });
  const listFor = (token: string, trfId: string) => h.call({ method: 'GET', url: `/api/entities/trfComment?f.trf=${trfId}`, token });
  const mailsTo = async (addresses: string[]) =>
    (await h.db.query<{ to_address: string; subject: string }>('select to_address, subject from outbox where to_address = any($1::text[]) order by to_address', [addresses])).rows;

  it('posts a comment mailing its 3 recipients through the outbox, and a threaded reply', async () => {
    const to = ['qa1@example.com', 'qa2@example.com', 'qa3@example.com'];
    const res = await comment(t.applicant!, { trf: trf.id, trfNo: trf.trfNo, body: 'Samples shipped today', recipients: to });
    expect(res.status).toBe(201);
    const mails = await mailsTo(to);
    expect(mails.map((m) => m.to_address)).toEqual(to);
    expect(mails[0]!.subject).toContain(trf.trfNo);
    const reply = await comment(t.buyer!, { trf: trf.id, trfNo: trf.trfNo, replyTo: res.body.data.id, body: 'Thanks' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const listed = (await listFor(t.buyer!, trf.id)).body.data.items;
    expect(listed.map((c: any) => [c.doc.body, c.doc.replyTo ?? null])).toEqual([['Samples shipped today', null], ['Thanks', res.body.data.id]]);
  });

  it("is seen by exactly the TRF's parties", async () => {
    expect((await listFor(t.applicant!, trf.id)).body.data.total).toBe(2);
    expect((await listFor(t.staff!, trf.id)).body.data.total).toBe(2);
    expect((await listFor(t.supplier!, trf.id)).body.data.total).toBe(0);
    const outsider = await comment(t.supplier!, { trf: trf.id, body: 'Let me in' });
    expect(outsider.status).toBe(400);
    expect(outsider.body.errors![0]).toMatchObject({ field: 'trf', message: 'The Test request form it belongs to does not exist or you may not act on it' });
  });

  it('refuses more than 10 recipients, in both languages', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    const res = await comment(t.applicant!, { trf: trf.id, body: 'Too many', recipients: many });
    expect(res.status).toBe(400);
    expect(res.body.errors![0]!.message).toContain('A comment can notify at most 10 email recipients');
    expect((await comment(t.applicant!, { trf: trf.id, body: 'Too many', recipients: many }, 'zh-CN')).body.errors![0]!.message).toContain('评论最多可通知 10 个邮件收件人');
  });

  it('lets only the buyer comment on a finalized TRF', async () => {
    let version = 2;
    for (const type of ['ACCEPT_APPLICATION', 'CONFIRM_SAMPLE_RECEIVED', 'START_TESTING', 'COMPLETE_TESTING', 'ISSUE_REPORT']) {
      const payload = type === 'CONFIRM_SAMPLE_RECEIVED' ? { sampleReceivedDate: '2026-11-01' } : undefined;
      // Report Issued needs the TRF's issued report with a conclusion.
      if (type === 'ISSUE_REPORT') await issuedReport(h, trf.id, t.staff!);
      const res = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, payload: { type, version, payload }, token: t.staff });
      expect(res.status, type).toBe(200);
      version = res.body.data.version;
    }
    const refused = await comment(t.applicant!, { trf: trf.id, body: 'One more thing' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This TRF is finalized: only the buyer may still comment on it');
    expect((await comment(t.applicant!, { trf: trf.id, body: 'One more thing' }, 'zh-CN')).body.message).toBe('申请单已完结，只有买家可以继续评论');
    expect((await comment(t.buyer!, { trf: trf.id, body: 'Report received' })).status).toBe(201);
  });
});
