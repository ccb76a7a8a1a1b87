import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { completedTrf, issuedReport } from '../support/reports.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Authorizations (issue 14; schemas/authorization/, workflows/authorization.rules.md): the
 * grantor names the grantee by customer number and one of its login accounts, for a period; once
 * the grantee audits it, the grantee reads — never changes — the grantor's TRFs while the period
 * lasts (`access.grantsVisibility`). And SPEC §5: an applicant whose company is not approved
 * fills non-buyer requests only (`requiresApprovedOwner` on the TRF's buyer).
 */
describe.each(BACKENDS)('authorizations on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['applicant', 'supplier', 'agent', 'staff']) t[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const grant = (doc: object, lang = 'en-US') => h.call({ method: 'POST', url: '/api/entities/authorization', payload: { doc }, token: t.applicant, lang });
  const send = (id: string, who: string, type: string, version: number, payload?: object) =>
    h.call({ method: 'POST', url: `/api/entities/authorization/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token: t[who] });
  const toSupplier = (validFrom = day(-1), validTo = day(30)) => ({ grantee: { companyId: 'c-supplier', customerNo: 'CN-S-0001', account: 'supplier' }, validFrom, validTo });

  it('needs a login account of the grantee company and a period that ends after it starts, in the user\'s language', async () => {
    const foreign = await grant({ ...toSupplier(), grantee: { companyId: 'c-supplier', account: 'agent' } }, 'zh-CN');
    expect([foreign.status, foreign.body.errorCode, foreign.body.errors]).toEqual([400, 'ACCOUNT_NOT_OF_COMPANY', [{ field: 'grantee.account', keyword: 'account', message: '账号“agent”不是所选公司的登录账号' }]]);
    const unknown = await grant({ ...toSupplier(), grantee: { companyId: 'c-supplier', account: 'nobody' } }, 'en-US');
    expect(unknown.body.message).toBe('The account "nobody" is not a login account of the chosen company');
    const backwards = await grant(toSupplier(day(5), day(1)), 'zh-CN');
    expect([backwards.status, backwards.body.errors!.map((e) => [e.field, e.message])]).toEqual([400, [['validTo', '失效日期: 失效日期不能早于生效日期']]]);
    const noAccount = await grant({ ...toSupplier(), grantee: { companyId: 'c-supplier' } }, 'en-US');
    expect([noAccount.status, noAccount.body.errors!.map((e) => e.field)]).toEqual([400, ['grantee.account']]);
  });

  it('lets the grantee read the grantor\'s TRFs, read-only, only while audited and within its period', async () => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ selfReference: true, remark: 'granted' }) }, token: t.applicant })).body.data;
    const trf = (await h.call({ method: 'POST', url: `/api/entities/trf/${made.id}/events`, payload: { type: 'SUBMIT', version: made.version }, token: t.applicant })).body.data;
    const sees = async (who: string) => {
      const listed = (await h.call({ method: 'GET', url: '/api/entities/trf?pageSize=200', token: t[who] })).body.data.items.map((i: { id: string }) => i.id);
      const got = await h.call({ method: 'GET', url: `/api/entities/trf/${trf.id}`, token: t[who] });
      expect(listed.includes(trf.id), `${who}: list and get agree`).toBe(got.status === 200);
      return got.status === 200;
    };
    expect(await sees('supplier')).toBe(false);

    let a = (await grant(toSupplier())).body.data;
    expect(a.states).toEqual({ $status: 'toBeAudited' });
    expect(await sees('supplier')).toBe(false);
    // The grantee audits: rejecting needs a reason; the grantor requests it again; the grantee approves.
    const ownApprove = await send(a.id, 'applicant', 'APPROVE', a.version);
    expect([ownApprove.status, ownApprove.body.errorCode]).toEqual([403, 'SHARED_PARTY_ONLY']);
    expect((await send(a.id, 'supplier', 'REJECT', a.version, { reason: ' ' })).status).toBe(400);
    a = (await send(a.id, 'supplier', 'REJECT', a.version, { reason: 'Wrong account' })).body.data;
    expect(a.states).toEqual({ $status: 'rejected' });
    a = (await send(a.id, 'applicant', 'RESUBMIT', a.version)).body.data;
    a = (await send(a.id, 'supplier', 'APPROVE', a.version)).body.data;
    expect(a.states).toEqual({ $status: 'audited' });

    expect(await sees('supplier')).toBe(true);
    expect(await sees('agent')).toBe(false);
    // A draft stays its owner's alone, authorization or not.
    const draft = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ remark: 'draft' }) }, token: t.applicant })).body.data;
    expect((await h.call({ method: 'GET', url: `/api/entities/trf/${draft.id}`, token: t.supplier })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/api/entities/trf/${trf.id}/history`, token: t.supplier })).status).toBe(200);
    const edit = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, payload: { version: trf.version, doc: trf.doc }, token: t.supplier });
    expect(edit.status).toBe(404);
    const cancel = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, payload: { type: 'CANCEL', version: trf.version }, token: t.supplier });
    expect(cancel.status).toBe(404);
    // The grantor's contacts are not widened: their visibility is the parties'.
    const contact = await h.call({ method: 'POST', url: '/api/entities/contact', payload: { doc: { name: 'Grantor contact', email: 'gc@example.com' } }, token: t.applicant });
    expect(contact.status).toBe(201);
    expect((await h.call({ method: 'GET', url: `/api/entities/contact/${contact.body.data.id}`, token: t.supplier })).status).toBe(404);

    // Cancelled by the grantor: the access ends; the grantee acting on it meanwhile is told it is gone.
    const cancelled = (await send(a.id, 'applicant', 'CANCEL', a.version)).body.data;
    expect(cancelled.states).toEqual({ $status: 'cancelled' });
    expect(await sees('supplier')).toBe(false);
    const late = await send(a.id, 'supplier', 'APPROVE', a.version);
    expect([late.status, late.body.message]).toEqual([409, '授权已不存在']);

    // An audited authorization whose period has ended, or not begun, grants nothing.
    for (const period of [[day(-10), day(-1)], [day(1), day(10)]] as const) {
      const p = (await grant(toSupplier(...period))).body.data;
      expect((await send(p.id, 'supplier', 'APPROVE', p.version)).body.data.states).toEqual({ $status: 'audited' });
      expect(await sees('supplier')).toBe(false);
    }
  });

  it('tells the pages which records the reader sees only through a grant, down to the records belonging to them', async () => {
    const trf = await completedTrf(h, { applicant: t.applicant!, staff: t.staff! }, validTrf({ selfReference: true, remark: 'granted report' }));
    const report = await issuedReport(h, trf.id, t.staff!);
    const a = (await grant(toSupplier())).body.data;
    expect((await send(a.id, 'supplier', 'APPROVE', a.version)).body.data.states).toEqual({ $status: 'audited' });
    const read = async (who: string, path: string) => (await h.call({ method: 'GET', url: path, token: t[who] })).body.data;
    // The grantee: the TRF and its report (a record of the TRF, access.parent) are marked, in the detail and in the list.
    expect((await read('supplier', `/api/entities/trf/${trf.id}`)).throughGrant).toBe(true);
    expect((await read('supplier', `/api/entities/report/${report.id}`)).throughGrant).toBe(true);
    const listed = (await read('supplier', '/api/entities/report?pageSize=200')).items.find((r: { id: string }) => r.id === report.id);
    expect(listed.throughGrant).toBe(true);
    // Its parties and staff read them unmarked; the marked record's writes are refused as before.
    for (const who of ['applicant', 'staff']) expect((await read(who, `/api/entities/report/${report.id}`)).throughGrant).toBeUndefined();
    const review = await h.call({ method: 'POST', url: `/api/entities/report/${report.id}/events`, payload: { type: 'REVIEW', version: report.version }, token: t.supplier });
    expect(review.status).toBe(404);
    await send(a.id, 'applicant', 'CANCEL', a.version + 1);
  });

  it('lets an applicant of an unapproved company fill non-buyer requests only', async () => {
    await h.db.query("update companies set approval_status = 'todo' where id = 'c-applicant'");
    try {
      for (const [lang, text] of [['zh-CN', '贵公司尚未通过审核，只能填写不指定“买家”的申请'], ['en-US', 'Your company is not approved yet: requests naming a "Buyer" are not possible']] as const) {
        const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: t.applicant, lang });
        expect([res.status, res.body.errorCode, res.body.errors]).toEqual([400, 'OWNER_NOT_APPROVED', [{ field: 'buyer.companyId', keyword: 'company', message: text }]]);
      }
      const { buyer: _buyer, ...noBuyer } = validTrf();
      const made = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: noBuyer }, token: t.applicant });
      expect(made.status).toBe(201);
      const submitted = await h.call({ method: 'POST', url: `/api/entities/trf/${made.body.data.id}/events`, payload: { type: 'SUBMIT', version: made.body.data.version }, token: t.applicant });
      expect(submitted.status).toBe(200);
    } finally {
      await h.db.query("update companies set approval_status = 'approved' where id = 'c-applicant'");
    }
    expect((await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: t.applicant })).status).toBe(201);
  });
});
