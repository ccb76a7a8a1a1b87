import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { publishSampleForm } from './templates-fixture.ts';

/** The TRF rules of SPEC §5 with their §8 messages, in both languages (server/templates/template-rules.ts, the batch events route). */
describe.each(BACKENDS)('TRF rules on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    staff = await h.login('staff');
    // The buyer's customer group binds the textiles TRF template (the demo's setting, /template/template-setting).
    await publishSampleForm(h, staff, 'retailDff');
    const bound = await h.call({ method: 'POST', url: '/api/template-settings', token: staff, payload: { templateCode: 'retailDff', customerGroup: 'CG-RETAIL', trfTemplateId: 'TPL-TEXTILE', productLine: 'SL', isDefault: true } });
    if (bound.status !== 201) throw new Error(JSON.stringify(bound.body));
  });
  afterAll(() => h.close());

  const create = (doc: Record<string, unknown>, lang = 'en-US') => h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token: applicant, lang });
  const send = (id: string, type: string, version: number, token: string, payload?: unknown, lang = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/trf/${id}/events`, payload: { type, version, payload }, token, lang });
  const noGroup = { companyId: 'c-supplier', name: 'Supplier', contactName: 'Li', contactEmail: 'li@example.com' };

  it('refuses a due date before the sample received date, on the form and when the sample is confirmed', async () => {
    const bad = await create(validTrf({ sampleReceivedDate: '2026-11-10', dueDate: '2026-11-01' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors!).toContainEqual(expect.objectContaining({ field: 'dueDate', message: 'Due date: Due date must not be earlier than the sample received date' }));
    const zh = await create(validTrf({ sampleReceivedDate: '2026-11-10', dueDate: '2026-11-01' }), 'zh-CN');
    expect(zh.body.errors!).toContainEqual(expect.objectContaining({ field: 'dueDate', message: expect.stringContaining('要求完成日期不能早于收样日期') }));
    const r = (await create(validTrf())).body.data;
    await send(r.id, 'SUBMIT', 1, applicant);
    await send(r.id, 'ACCEPT_APPLICATION', 2, staff);
    const late = await send(r.id, 'CONFIRM_SAMPLE_RECEIVED', 3, staff, { sampleReceivedDate: '2026-12-01' });
    expect(late.status).toBe(400);
    expect(late.body.errors![0]!).toMatchObject({ field: 'dueDate' });
  });

  it("refuses a template the buyer's own setting replaces (same product line), naming the buyer's template", async () => {
    const res = await create(validTrf({ template: 'TPL-FOOTWEAR' }));
    expect(res.status).toBe(400);
    expect(res.body.errors![0]!).toEqual({ field: 'template', keyword: 'template', message: 'The template was replaced by the one set for the buyer "Demo Buyer Co., Ltd.": "Textiles — general testing"' });
    const zh = await create(validTrf({ template: 'TPL-FOOTWEAR' }), 'zh-CN');
    expect(zh.body.errors![0]!.message).toBe('模板已替换为买家“演示买家有限公司”所配置的模板“纺织品通用测试”');
    // Another product line is not replaced.
    expect((await create(validTrf({ template: 'TPL-TOYS' }))).status).toBe(201);
  });

  it('refuses a customer-group template for a buyer in no customer group', async () => {
    const res = await create(validTrf({ buyer: noGroup }));
    expect(res.status).toBe(400);
    expect(res.body.errors![0]!).toMatchObject({ field: 'buyer.companyId', message: 'The buyer "Demo Supplier Co., Ltd." belongs to no customer group' });
    expect((await create(validTrf({ buyer: noGroup }), 'zh-CN')).body.errors![0]!.message).toBe('买家“演示供应商有限公司”未归属任何客户组');
  });

  it('lets a draft hold a buyer template without its buyer, but not be submitted so', async () => {
    const draft = await create(validTrf({ buyer: undefined }));
    expect(draft.status).toBe(201);
    const submit = await send(draft.body.data.id, 'SUBMIT', 1, applicant);
    expect(submit.status).toBe(400);
    expect(submit.body.errors![0]!).toEqual({ field: 'buyer.companyId', keyword: 'template', message: 'Choose the buyer before the template' });
    expect((await send(draft.body.data.id, 'SUBMIT', 1, applicant, undefined, 'zh-CN')).body.errors![0]!.message).toBe('请先选择买家，再选择模板');
    // A template no buyer is bound to needs none.
    const plain = (await create(validTrf({ buyer: undefined, template: 'TPL-TOYS' }))).body.data;
    expect((await send(plain.id, 'SUBMIT', 1, applicant)).status).toBe(200);
  });

  it('refuses a batch action on an empty selection, and reports each record of a selection', async () => {
    const empty = await h.call({ method: 'POST', url: '/api/entities/trf/events', payload: { type: 'SUBMIT', items: [] }, token: applicant, lang: 'en-US' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please select at least one piece of data');
    const zh = await h.call({ method: 'POST', url: '/api/entities/trf/events', payload: { type: 'SUBMIT', items: [] }, token: applicant, lang: 'zh-CN' });
    expect(zh.body.message).toBe('请至少选择一条数据');
    const a = (await create(validTrf())).body.data;
    const b = (await create(validTrf())).body.data;
    const res = await h.call({ method: 'POST', url: '/api/entities/trf/events', payload: { type: 'SUBMIT', items: [{ id: a.id, version: 1 }, { id: b.id, version: 7 }] }, token: applicant, lang: 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([{ id: a.id, ok: true }, expect.objectContaining({ id: b.id, ok: false, status: 409 })]);
  });
});
