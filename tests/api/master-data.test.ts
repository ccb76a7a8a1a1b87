import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { validTrf, type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';

type Lang = 'zh-CN' | 'en-US';

/**
 * Master data managed by internal staff (issue 15): labs and lab contacts, the test package tree,
 * review conclusions, SGS services and protocols — declarations only (schemas/<entity>/), with
 * the engine's `everyone` visibility, trees, snapshotting lookups (the TRF's lab) and the list
 * search rules of SPEC §5 (views.list.search.rules).
 */
describe.each(BACKENDS)('master data on %s', (backend) => {
  let h: ApiHarness;
  let [staff, applicant, buyer] = ['', '', ''];
  beforeAll(async () => {
    [h, staff, applicant, buyer] = await harnessWithAccounts(backend, 'staff', 'applicant', 'buyer');
  });
  afterAll(() => h.close());

  const create = (entity: string, doc: object, token = staff, lang: Lang = 'en-US') => h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang });
  const update = (entity: string, id: string, version: number, doc: object, token = staff, lang: Lang = 'en-US') =>
    h.call({ method: 'PUT', url: `/api/entities/${entity}/${id}`, payload: { version, doc }, token, lang });
  const list = (entity: string, query: string, token = staff, lang: Lang = 'en-US') => h.call({ method: 'GET', url: `/api/entities/${entity}?${query}`, token, lang });
  const LAB = { name: 'Shanghai textile lab', address: '889 Yishan Road, Shanghai', contactEmail: 'sh@lab.example.com' };

  it('keeps review conclusion codes unique across companies, in both languages', async () => {
    expect((await create('reviewConclusion', { code: 'ACCEPT', description: 'Accepted' })).status).toBe(201);
    const again = await create('reviewConclusion', { code: ' accept ', description: 'Accepted again' }, staff, 'zh-CN');
    expect([again.status, again.body.errorCode, again.body.errors?.map((e) => e.field)]).toEqual([409, 'DUPLICATE_VALUE', ['code']]);
    expect(again.body.message).toBe('结论代码已存在，不能重复');
    const en = await create('reviewConclusion', { code: 'ACCEPT', description: 'x' });
    expect(en.body.message).toBe('Conclusion code already exists; it must be unique');
    const blank = await create('reviewConclusion', { code: 'X' }, staff, 'en-US');
    expect([blank.status, blank.body.errors?.map((e) => e.field)]).toEqual([400, ['description']]);
  });

  it('builds a package tree with parent paths and refuses cycles, missing parents and removing a parent', async () => {
    const root = (await create('testPackage', { code: 'T', name: 'Textile' })).body.data;
    const phy = (await create('testPackage', { code: 'T-P', name: 'Physical', parentId: root.id })).body.data;
    const cf = (await create('testPackage', { code: 'T-P-C', name: 'Colour fastness', parentId: phy.id })).body.data;
    expect([root.doc.parentPath, phy.doc.parentPath, cf.doc.parentPath]).toEqual(['', 'Textile', 'Textile / Physical']);
    // The root under its grandchild, or under itself: a cycle.
    for (const [parentId, lang, said] of [
      [cf.id, 'en-US', 'A record cannot have itself or one of its descendants as its parent'],
      [root.id, 'zh-CN', '不能将记录本身或其下级设为上级'],
    ] as const) {
      const cycle = await update('testPackage', root.id, root.version, { code: 'T', name: 'Textile', parentId }, staff, lang);
      expect([cycle.status, cycle.body.errorCode, cycle.body.message, cycle.body.errors?.map((e) => e.field)]).toEqual([400, 'TREE_CYCLE', said, ['parentId']]);
    }
    const missing = await create('testPackage', { code: 'X', name: 'Orphan', parentId: 'no-such-package' }, staff, 'zh-CN');
    expect([missing.status, missing.body.message]).toEqual([400, '上级“上级套餐”不存在']);
    // A renamed parent: its descendants' paths follow.
    expect((await update('testPackage', root.id, root.version, { code: 'T', name: 'Softlines' })).status).toBe(200);
    const paths = (await list('testPackage', 'f.code=T-&sort=parentPath:asc')).body.data.items.map((i: { doc: { parentPath: string } }) => i.doc.parentPath);
    expect(paths).toEqual(['Softlines', 'Softlines / Physical']);
    // Moving a node under a sibling branch is no cycle.
    const chem = (await create('testPackage', { code: 'T-C', name: 'Chemical', parentId: root.id })).body.data;
    const moved = await update('testPackage', cf.id, cf.version, { code: 'T-P-C', name: 'Colour fastness', parentId: chem.id });
    expect([moved.status, moved.body.data.doc.parentPath]).toEqual([200, 'Softlines / Chemical']);
    const removing = await h.call({ method: 'DELETE', url: `/api/entities/testPackage/${root.id}?version=2`, token: staff, lang: 'en-US' });
    expect([removing.status, removing.body.message]).toEqual([409, 'This record has children: delete or move them first']);
  });

  it('lets customers read SGS services, protocols and labs but never write master data', async () => {
    const service = (await create('sgsService', { title: 'Consumer testing', url: 'https://www.sgs.com/' })).body.data;
    const protocol = (await create('protocol', { protocolNo: 'P-1', name: 'Knitwear', effectiveDate: '2026-01-01' })).body.data;
    const lab = (await create('lab', LAB)).body.data;
    for (const token of [applicant, buyer]) {
      expect((await list('sgsService', '', token)).body.data.items.map((i: { id: string }) => i.id)).toContain(service.id);
      expect((await list('protocol', '', token)).body.data.items.map((i: { id: string }) => i.id)).toContain(protocol.id);
      expect((await h.call({ method: 'GET', url: `/api/entities/lab/${lab.id}`, token })).status).toBe(200);
      // The lab list page is staff's; reading a lab (a TRF's pick) is everyone's.
      expect((await list('lab', '', token)).status).toBe(403);
      const picks = await h.call({ method: 'GET', url: '/api/lookups/entity:lab', token });
      expect(picks.body.data.find((o: { value: string }) => o.value === lab.id)?.data).toMatchObject({ name: LAB.name, $version: '1' });
    }
    const writes = [
      create('sgsService', { title: 'Mine', url: 'https://example.com/' }, applicant, 'zh-CN'),
      create('lab', LAB, buyer, 'zh-CN'),
      create('testPackage', { code: 'C', name: 'Customer package' }, applicant, 'zh-CN'),
      create('reviewConclusion', { code: 'C', description: 'Customer' }, buyer, 'zh-CN'),
      update('protocol', protocol.id, protocol.version, { protocolNo: 'P-1', name: 'Changed', effectiveDate: '2026-01-01' }, applicant, 'zh-CN'),
      h.call({ method: 'DELETE', url: `/api/entities/sgsService/${service.id}?version=1`, token: buyer, lang: 'zh-CN' }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^您没有执行此操作的权限/);
    }
    const staffOnly = await list('tableDemo', '', applicant);
    expect(staffOnly.status).toBe(403);
  });

  it("refuses a TRF holding lab data older than the lab, with SPEC's message and the fresh data", async () => {
    const lab = (await create('lab', { ...LAB, name: 'Guangzhou toy lab' })).body.data;
    const copied = { labId: lab.id, name: lab.doc.name, address: lab.doc.address, contactEmail: lab.doc.contactEmail, labVersion: String(lab.version) };
    const draft = await create('trf', validTrf({ lab: copied }), applicant);
    expect(draft.status).toBe(201);
    // Staff update the lab after the applicant copied it.
    const changed = await update('lab', lab.id, lab.version, { ...lab.doc, address: '198 Kezhu Road, Guangzhou' });
    expect(changed.body.data.version).toBe(2);
    for (const [lang, said] of [['zh-CN', '实验室信息已更新，请重新填写'], ['en-US', 'Lab info was updated, please input again']] as const) {
      const stale = await update('trf', draft.body.data.id, draft.body.data.version, validTrf({ lab: copied, remark: 'edited' }), applicant, lang);
      expect([stale.status, stale.body.errorCode, stale.body.message]).toEqual([409, 'LOOKUP_STALE', said]);
      expect(stale.body.errors?.map((e) => e.field)).toEqual(['lab.labId']);
      expect(stale.body.data.refill).toEqual({ at: 'lab', field: 'labId', values: { name: 'Guangzhou toy lab', address: '198 Kezhu Road, Guangzhou', contactEmail: LAB.contactEmail, labVersion: '2' } });
      const fresh = await create('trf', validTrf({ lab: copied }), applicant, lang);
      expect([fresh.status, fresh.body.message]).toEqual([409, said]);
    }
    // Submitting the draft that still holds the old copy is refused the same way.
    const submit = await h.call({ method: 'POST', url: `/api/entities/trf/${draft.body.data.id}/events`, payload: { type: 'SUBMIT', version: draft.body.data.version }, token: applicant, lang: 'en-US' });
    expect([submit.status, submit.body.message]).toEqual([409, 'Lab info was updated, please input again']);
    // Input again (the fresh data): saved, and submitted.
    const again = await update('trf', draft.body.data.id, draft.body.data.version, validTrf({ lab: { ...copied, address: '198 Kezhu Road, Guangzhou', labVersion: '2' } }), applicant);
    expect(again.status).toBe(200);
    const submitted = await h.call({ method: 'POST', url: `/api/entities/trf/${draft.body.data.id}/events`, payload: { type: 'SUBMIT', version: again.body.data.version }, token: applicant });
    expect(submitted.status).toBe(200);
  });

  it.each([
    ['zh-CN', ['请同时填写“要求完成日期”的开始日期和结束日期', '“要求完成日期”的结束日期不能早于开始日期', '仅可查询 2022-01-01 及之后的数据', '“要求完成日期”的日期范围不能超过12个月', '未填写其他查询条件时，“买家 · 公司名称”为必填项']],
    ['en-US', ['Enter both the start and the end date of "Due date"', 'The end date of "Due date" cannot be earlier than its start date', 'Data is available from 2022-01-01 only', 'The date range of "Due date" can be at most 12 months', '"Buyer · Company name" is required when no other search criterion is given']],
  ] as const)('keeps the TRF list search rules of SPEC §5 in %s', async (lang, [incomplete, order, earliest, tooLong, company]) => {
    const cases: [string, string, string][] = [
      ['f.dueDate=2026-01-01..&f.buyer.name=Demo', 'SEARCH_RANGE_INCOMPLETE', incomplete],
      ['f.dueDate=..2026-01-01&f.buyer.name=Demo', 'SEARCH_RANGE_INCOMPLETE', incomplete],
      ['f.dueDate=2026-03-01..2026-02-01&f.buyer.name=Demo', 'SEARCH_RANGE_ORDER', order],
      ['f.dueDate=2021-12-31..2022-06-01&f.buyer.name=Demo', 'SEARCH_RANGE_EARLIEST', earliest],
      ['f.dueDate=2025-01-01..2026-01-02&f.buyer.name=Demo', 'SEARCH_RANGE_TOO_LONG', tooLong],
      ['f.dueDate=2026-01-01..2026-06-30', 'SEARCH_REQUIRED_ALONE', company],
    ];
    for (const [query, code, said] of cases) {
      const res = await list('trf', query, applicant, lang);
      expect([res.status, res.body.errorCode, res.body.message], query).toEqual([400, code, said]);
    }
    // Within the rules: a full year, a company name, or another criterion beside the dates; no filter at all is the default list.
    for (const query of ['f.dueDate=2025-01-01..2026-01-01&f.buyer.name=Demo', 'f.dueDate=2026-01-01..2026-06-30&f.$status=draft', 'f.$status=draft', '']) {
      expect((await list('trf', query, applicant, lang)).status, query).toBe(200);
    }
  });

  it('keeps the date rules on the other lists with a date search (protocols, authorizations, the table demo)', async () => {
    const cases: [string, string, string][] = [
      ['protocol', 'f.effectiveDate=2024-01-01..2025-06-01', 'The date range of "Effective date" can be at most 12 months'],
      ['authorization', 'f.validTo=2021-01-01..2021-06-01', 'Data is available from 2022-01-01 only'],
      ['tableDemo', 'f.receivedOn=2026-01-01..', 'Enter both the start and the end date of "Received on"'],
    ];
    for (const [entity, query, said] of cases) {
      const res = await list(entity, query, staff);
      expect([res.status, res.body.message], entity).toEqual([400, said]);
    }
    expect((await list('protocol', 'f.effectiveDate=2025-06-01..2026-06-01', applicant)).status).toBe(200);
  });
});
