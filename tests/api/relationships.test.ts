import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * Supply-chain relationships (issue 14): declarations only (schemas/relationship/,
 * workflows/relationship.machine.ts). The inviting company owns the record and edits it; the
 * invited company, named by `counterpart.companyId`, sees it and alone accepts or declines
 * (the actions' `by`); either side ends it.
 */
describe.each(BACKENDS)('supply-chain relationships on %s', (backend) => {
  let h: ApiHarness;
  let buyer: string;
  let supplier: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    buyer = await h.login('buyer');
    supplier = await h.login('supplier');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  const invite = (doc: object, lang: 'zh-CN' | 'en-US' = 'en-US') => h.call({ method: 'POST', url: '/api/entities/relationship', payload: { doc }, token: buyer, lang });
  const send = (id: string, token: string, type: string, version: number, payload?: object, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/relationship/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token, lang });
  const SUPPLIER = { kind: 'supplier', counterpart: { companyId: 'c-supplier', name: 'Demo supplier' }, supplierCode: 'SUP-01', tier: 1, productCategory: 'Apparel' };

  it('runs an invitation through decline, a second invitation and its acceptance, each step by its side', async () => {
    const noTier = await invite({ ...SUPPLIER, tier: undefined }, 'zh-CN');
    expect(noTier.status).toBe(400);
    expect(noTier.body.errors!.map((e) => e.field)).toEqual(['tier']);
    const made = await invite(SUPPLIER);
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    expect(made.body.data.states).toEqual({ $status: 'invited' });

    // The invited company sees it at once; a company it does not name does not.
    const seen = async (token: string) => ((await h.call({ method: 'GET', url: '/api/entities/relationship', token })).body.data.items as { id: string }[]).map((i) => i.id);
    expect(await seen(supplier)).toEqual([id]);
    expect(await seen(applicant)).toEqual([]);

    // Only the invited side accepts or declines; only the inviting side edits.
    const ownAccept = await send(id, buyer, 'ACCEPT', 1, undefined, 'zh-CN');
    expect([ownAccept.status, ownAccept.body.message]).toEqual([403, '只有记录中指定的对方公司可以执行“接受邀请”']);
    const edit = await h.call({ method: 'PUT', url: `/api/entities/relationship/${id}`, payload: { version: 1, doc: { ...SUPPLIER, tier: 2 } }, token: supplier, lang: 'en-US' });
    expect([edit.status, edit.body.message]).toEqual([403, 'Only the company the record belongs to may edit this Supply-chain relationship']);
    const blank = await send(id, supplier, 'DECLINE', 1, { reason: ' ' }, 'zh-CN');
    expect([blank.status, blank.body.errors!.map((e) => e.message)]).toEqual([400, ['拒绝原因: 请填写拒绝原因']]);
    const declined = await send(id, supplier, 'DECLINE', 1, { reason: 'Not our customer yet' });
    expect(declined.body.data.states).toEqual({ $status: 'declined' });

    const foreignReinvite = await send(id, supplier, 'REINVITE', 2, undefined, 'en-US');
    expect([foreignReinvite.status, foreignReinvite.body.message]).toEqual([403, 'Only the company the record belongs to may "Invite again"']);
    expect((await send(id, buyer, 'REINVITE', 2)).body.data.states).toEqual({ $status: 'invited' });
    expect((await send(id, supplier, 'ACCEPT', 3)).body.data.states).toEqual({ $status: 'active' });
    // Active: the partner terms stay editable by the inviter, the parties do not.
    const terms = await h.call({ method: 'PUT', url: `/api/entities/relationship/${id}`, payload: { version: 4, doc: { ...SUPPLIER, tier: 2 } }, token: buyer });
    expect(terms.body.data.doc.tier).toBe(2);
    const moved = await h.call({ method: 'PUT', url: `/api/entities/relationship/${id}`, payload: { version: 5, doc: { ...SUPPLIER, tier: 2, kind: 'agent' } }, token: buyer });
    expect(moved.status).toBe(400);
    // Either side ends it, with a reason kept in the history.
    const ended = await send(id, supplier, 'END', 5, { reason: 'Contract ended' });
    expect(ended.body.data.states).toEqual({ $status: 'ended' });
    const history = (await h.call({ method: 'GET', url: `/api/entities/relationship/${id}/history`, token: buyer })).body.data as { event?: string; payload?: { reason?: string } }[];
    expect(history.filter((e) => e.event).map((e) => [e.event, e.payload?.reason])).toEqual([
      ['DECLINE', 'Not our customer yet'],
      ['REINVITE', undefined],
      ['ACCEPT', undefined],
      ['END', 'Contract ended'],
    ]);
  });

  it('keeps one relationship per company, counterpart and kind, and names only approved companies', async () => {
    const twice = await invite({ kind: 'agent', counterpart: { companyId: 'c-agent' } });
    expect(twice.status).toBe(201);
    const again = await invite({ kind: 'agent', counterpart: { companyId: 'c-agent' } }, 'zh-CN');
    expect(again.status).toBe(409);
    expect(again.body.errors!.map((e) => e.field)).toEqual(['counterpart.companyId', 'kind']);
    expect((await invite({ kind: 'manufacturer', counterpart: { companyId: 'c-agent' } })).status).toBe(201);
    const ghost = await invite({ kind: 'factory', counterpart: { companyId: 'c-nowhere' } });
    expect([ghost.status, ghost.body.errorCode]).toEqual([400, 'COMPANY_UNKNOWN']);
  });

  it("lists one side each: /scmProvider/index the relationships my company owns, /scmReceiver/index the invitations it received", async () => {
    const received = await h.call({ method: 'POST', url: '/api/entities/relationship', payload: { doc: { kind: 'buyer', counterpart: { companyId: 'c-buyer' } } }, token: supplier });
    expect(received.status).toBe(201);
    const list = async (token: string, party?: string, lang: 'zh-CN' | 'en-US' = 'en-US') =>
      h.call<{ items: { id: string; companyId: string }[]; total: number }>({ method: 'GET', url: `/api/entities/relationship${party ? `?party=${party}` : ''}`, token, lang });
    const owners = async (token: string, party?: string) => (await list(token, party)).body.data.items.map((i) => i.companyId);
    const mine = await owners(buyer, 'owner');
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine)).toEqual(new Set(['c-buyer']));
    expect((await list(buyer, 'shared')).body.data.items.map((i) => i.id)).toEqual([received.body.data.id]);
    expect(new Set(await owners(supplier, 'shared'))).toEqual(new Set(['c-buyer']));
    expect((await list(supplier, 'owner')).body.data.items.map((i) => i.id)).toEqual([received.body.data.id]);
    // Without a side, both; staff who see every company see all on either list.
    expect((await list(buyer)).body.data.total).toBe(mine.length + 1);
    const staff = await h.login('staff');
    expect((await list(staff, 'shared')).body.data.total).toBe((await list(staff)).body.data.total);
    const bad = await list(buyer, 'both', 'zh-CN');
    expect([bad.status, bad.body.errors!.map((e) => e.message)]).toEqual([400, ['列表范围“both”无效（owner 或 shared）']]);
    expect((await list(buyer, 'both')).body.errors!.map((e) => e.message)).toEqual(['Invalid list side "both" (owner or shared)']);

    // Both lists are entries of the supply-chain group, in the user's language.
    const group = async (lang: 'zh-CN' | 'en-US') =>
      ((await h.call({ method: 'GET', url: '/api/menu', token: supplier, lang })).body.data as { path: string; name: string; children: { name: string; path: string }[] }[]).find((m) => m.path === '/supplyChain')!.children;
    expect(await group('en-US')).toEqual([
      { name: 'Supply-chain relationship', path: '/scmProvider/index', source: 'file-text', children: [] },
      { name: 'My customers', path: '/scmReceiver/index', source: 'file-text', children: [] },
      { name: 'Supply chain site', path: 'https://www.transparency-one.com/', source: 'global', children: [] },
      // The supplier's materials and products, and the buyers' view of theirs (issue 17).
      { name: 'Materials', path: '/customer/newMaterial/list', source: 'database', children: [] },
      { name: 'Products', path: '/customer/newProduct/list', source: 'appstore', children: [] },
      { name: 'Supplier materials', path: '/customer/material/list', source: 'table', children: [] },
      // The TRFs and report conclusions of the supplier's materials (a TRF list of its own).
      { name: 'Material test reports', path: '/customer/material/materialReport', source: 'file-text', children: [] },
    ]);
    expect((await group('zh-CN')).map((c) => c.name)).toEqual(['供应链关系', '我的客户', '供应链平台', '物料', '产品', '供应商物料', '物料测试报告']);
    // A buyer also configures which material and product templates apply to its product categories.
    const buyerGroup = ((await h.call({ method: 'GET', url: '/api/menu', token: buyer, lang: 'en-US' })).body.data as { path: string; children: { name: string; path: string }[] }[]).find((m) => m.path === '/supplyChain')!.children;
    expect(buyerGroup.map((c) => c.path)).toEqual(['/scmProvider/index', '/scmReceiver/index', 'https://www.transparency-one.com/', '/customer/material/config', '/customer/newMaterial/list', '/customer/newProduct/list', '/customer/material/list', '/customer/material/materialReport']);
    expect(buyerGroup.find((c) => c.path === '/customer/material/config')!.name).toBe('Material configuration');
  });
});
