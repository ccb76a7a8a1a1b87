import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTemplate, createStaticRegistry } from '../../engine/index.ts';
import { buildApp } from '../../server/app.ts';
import { DEMO_DFF_TEMPLATE } from '../../server/seed/demo-dff-template.ts';
import { seedDemoTemplate } from '../../server/seed/template-seed.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { publishSampleForm } from './templates-fixture.ts';

describe.each(BACKENDS)('template setting on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let buyer: string;
  const resolve = (query: string, lang = 'en-US') => h.call({ method: 'GET', url: `/api/template-settings/resolve?${query}`, token: buyer, lang });
  const setting = (payload: Record<string, unknown>, lang = 'en-US') => h.call({ method: 'POST', url: '/api/template-settings', token: staff, payload, lang });

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    buyer = await h.login('buyer');
    await publishSampleForm(h, staff, 'retailDff');
    await publishSampleForm(h, staff, 'sportsDff');
  });
  afterAll(() => h.close());

  it('lists the customer groups in the request language', async () => {
    const groups = await h.call({ method: 'GET', url: '/api/customer-groups', token: buyer, lang: 'en-US' });
    expect(groups.body.data.map((g: any) => [g.code, g.label])).toEqual([['CG-RETAIL', 'Retail brands'], ['CG-SPORTS', 'Sportswear brands']]);
    const bad = await h.call({ method: 'POST', url: '/api/customer-groups', token: staff, payload: { code: 'x', nameZh: '', nameEn: 'X' }, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['code', 'nameZh']);
    expect((await h.call({ method: 'POST', url: '/api/customer-groups', token: staff, payload: { code: 'CG-TOYS', nameZh: '玩具客户组', nameEn: 'Toy brands' } })).status).toBe(201);
    expect((await h.call({ method: 'POST', url: '/api/customer-groups', token: staff, payload: { code: 'CG-TOYS', nameZh: '玩具', nameEn: 'Toys' } })).status).toBe(409);
    expect((await h.call({ method: 'PUT', url: '/api/customer-groups/CG-TOYS/members/c-agent', token: buyer })).status).toBe(403);
    expect((await h.call({ method: 'PUT', url: '/api/customer-groups/CG-NONE/members/c-agent', token: staff })).status).toBe(404);
    expect((await h.call({ method: 'PUT', url: '/api/customer-groups/CG-TOYS/members/c-nobody', token: staff })).status).toBe(404);
    expect((await h.call({ method: 'PUT', url: '/api/customer-groups/CG-TOYS/members/c-agent', token: staff })).status).toBe(200);
    const members = (code: string, lang = 'en-US') => h.call({ method: 'GET', url: `/api/customer-groups/${code}/members`, token: buyer, lang });
    expect((await members('CG-TOYS')).body.data).toEqual([{ id: 'c-agent', name: 'Demo Agent Co., Ltd.' }]);
    expect((await members('CG-TOYS', 'zh-CN')).body.data).toEqual([{ id: 'c-agent', name: '演示代理有限公司' }]);
    expect((await members('CG-RETAIL')).body.data.map((c: any) => c.id)).toEqual(['c-buyer']);
    expect(await members('CG-NONE')).toMatchObject({ status: 404, body: { errorCode: 'CUSTOMER_GROUP_UNKNOWN' } });
  });

  it('checks settings against their schema and references, with 400s in the language', async () => {
    expect((await setting({ templateCode: 'retailDff', color: 'x' })).body.errors!.map((e) => e.field)).toEqual(['color']);
    const unknown = await setting({ templateCode: 'nothing' }, 'zh-CN');
    expect(unknown).toMatchObject({ status: 400, body: { message: '模板“nothing”不存在' } });
    expect((await setting({ templateCode: 'retailDff', customerGroup: 'CG-NONE' })).body.message).toBe('There is no customer group "CG-NONE"');
    expect((await setting({ templateCode: 'retailDff', customerId: 'c-nobody' })).status).toBe(400);
    expect((await setting({ templateCode: 'retailDff', trfTemplateId: 'TPL-NONE' })).status).toBe(400);
  });

  it('resolves the DFF template for a buyer from its customer group, with the SPEC messages', async () => {
    const s = await setting({ templateCode: 'retailDff', customerGroup: 'CG-RETAIL', trfTemplateId: 'TPL-TEXTILE', productLine: 'SL', isDefault: true });
    expect(s.status).toBe(201);
    expect(s.body.data).toMatchObject({ templateCode: 'retailDff', customerGroup: 'CG-RETAIL', isDefault: true });

    expect(await resolve('')).toMatchObject({ status: 400, body: { errorCode: 'TEMPLATE_MISSING_BUYER', message: 'Choose the buyer before the template' } });
    expect((await resolve('', 'zh-CN')).body.message).toBe('请先选择买家，再选择模板');
    const noGroup = await resolve('buyer=c-supplier');
    // No setting applies: a normal answer (no template, and why), not an error status.
    expect(noGroup).toMatchObject({ status: 200, body: { data: { template: null, reason: { code: 'BUYER_NO_CUSTOMER_GROUP', message: 'The buyer "Demo Supplier Co., Ltd." belongs to no customer group' } } } });
    expect((await resolve('buyer=c-supplier', 'zh-CN')).body.data.reason.message).toBe('买家“演示供应商有限公司”未归属任何客户组');
    expect(await resolve('buyer=c-agent')).toMatchObject({ status: 200, body: { data: { template: null, reason: { code: 'TEMPLATE_NOT_CONFIGURED', message: 'No DFF template is set for the customer group "CG-TOYS"' } } } });

    const ok = await resolve('buyer=c-buyer&template=TPL-TEXTILE');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      buyer: { id: 'c-buyer', name: 'Demo Buyer Co., Ltd.' },
      customerGroup: { code: 'CG-RETAIL', label: 'Retail brands' },
      trfTemplate: { id: 'TPL-TEXTILE', label: 'Textiles — general testing' },
      template: { code: 'retailDff', version: 1, label: 'Sample register' },
      replaced: false,
    });
    expect(ok.body.data.template.bundle.schema.properties.title).toBeDefined();

    const replaced = await resolve('buyer=c-buyer&template=TPL-FOOTWEAR');
    expect(replaced.body.data).toMatchObject({ replaced: true, message: 'The template was replaced by the one set for the buyer "Demo Buyer Co., Ltd.": "Textiles — general testing"' });
    expect((await resolve('buyer=c-buyer&template=TPL-FOOTWEAR', 'zh-CN')).body.data.message).toBe('模板已替换为买家“演示买家有限公司”所配置的模板“纺织品通用测试”');
    // another product line does not take the SL setting
    expect((await resolve('buyer=c-buyer&template=TPL-TOYS')).body.data).toMatchObject({ template: null, reason: { code: 'TEMPLATE_NOT_CONFIGURED' } });
  });

  it('prefers a setting for the buyer itself, keeps one default per scope, and follows new versions', async () => {
    const own = await setting({ templateCode: 'sportsDff', customerId: 'c-buyer' });
    expect((await resolve('buyer=c-buyer&template=TPL-TEXTILE')).body.data.template.code).toBe('sportsDff');
    expect((await h.call({ method: 'DELETE', url: `/api/template-settings/${own.body.data.id}`, token: staff })).status).toBe(200);
    expect((await resolve('buyer=c-buyer&template=TPL-TEXTILE')).body.data.template.code).toBe('retailDff');

    const second = await setting({ templateCode: 'sportsDff', customerGroup: 'CG-RETAIL', trfTemplateId: 'TPL-TEXTILE', productLine: 'SL', isDefault: true });
    const byGroup = await h.call({ method: 'GET', url: '/api/template-settings?customerGroup=CG-RETAIL', token: buyer });
    expect(byGroup.body.data.map((s: any) => [s.templateCode, s.isDefault])).toEqual([['sportsDff', true], ['retailDff', false]]);
    expect((await resolve('buyer=c-buyer&template=TPL-TEXTILE')).body.data.template.code).toBe('sportsDff');
    const edited = await h.call({ method: 'PUT', url: `/api/template-settings/${second.body.data.id}`, token: staff, payload: { templateCode: 'sportsDff', customerGroup: 'CG-SPORTS' } });
    expect(edited.body.data).toMatchObject({ customerGroup: 'CG-SPORTS', isDefault: false });
    expect((await h.call({ method: 'PUT', url: '/api/template-settings/nothing', token: staff, payload: { templateCode: 'sportsDff' } })).status).toBe(404);

    await h.call({ method: 'POST', url: '/api/templates/retailDff/versions', token: staff });
    await h.call({ method: 'POST', url: '/api/templates/retailDff/versions/2/publish', token: staff });
    expect((await resolve('buyer=c-buyer&template=TPL-TEXTILE')).body.data.template).toMatchObject({ code: 'retailDff', version: 2 });
  });
});

describe.each(BACKENDS)('customer material and product templates on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  const create = (payload: Record<string, unknown>, token = staff, lang = 'en-US') => h.call({ method: 'POST', url: '/api/templates', token, payload, lang });
  const label = { 'zh-CN': '面料', 'en-US': 'Fabric' };

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('keeps the kind a template is made for, refuses unknown kinds, and shows others published ones only', async () => {
    expect((await create({ code: 'fabricMaterial', kind: 'material', label })).body.data.version).toMatchObject({ code: 'fabricMaterial', version: 1, status: 'draft' });
    expect((await create({ code: 'shoeProduct', kind: 'product', label: { 'zh-CN': '鞋', 'en-US': 'Shoe' } })).status).toBe(201);
    const bad = await create({ code: 'oddKind', kind: 'recipe', label }, staff, 'zh-CN');
    expect(bad).toMatchObject({ status: 400, body: { errorCode: 'BAD_REQUEST' } });
    expect((await create({ code: 'applicantMaterial', kind: 'material', label }, applicant)).status).toBe(403);
    expect((await h.call({ method: 'GET', url: '/api/templates/oddKind', token: staff })).status).toBe(404);

    const kinds = async (token: string) => (await h.call({ method: 'GET', url: '/api/templates', token })).body.data.map((t: any) => [t.code, t.kind]);
    expect(await kinds(staff)).toEqual(expect.arrayContaining([['fabricMaterial', 'material'], ['shoeProduct', 'product']]));
    // a draft is the designer's: the applicant sees the material template once it is published
    expect(await kinds(applicant)).not.toContainEqual(['fabricMaterial', 'material']);
    expect((await h.call({ method: 'POST', url: '/api/templates/fabricMaterial/versions/1/publish', token: applicant })).status).toBe(403);
    expect((await h.call({ method: 'POST', url: '/api/templates/fabricMaterial/versions/1/publish', token: staff })).status).toBe(200);
    expect(await kinds(applicant)).toContainEqual(['fabricMaterial', 'material']);
    expect((await h.call({ method: 'GET', url: '/api/templates/fabricMaterial', token: applicant })).body.data).toMatchObject({ kind: 'material', current: 1, draft: null });
  });
});

describe.each(BACKENDS)('the demo DFF template on %s', (backend) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
  });
  afterAll(() => h.close());

  it('passes every publishing check and serves records once seeded', async () => {
    expect(checkTemplate(DEMO_DFF_TEMPLATE, 'en-US')).toEqual([]);
    await seedDemoTemplate(h.db);
    await seedDemoTemplate(h.db); // once only
    const filesDir = mkdtempSync(join(tmpdir(), 'portico-files-'));
    const app = await buildApp({ db: h.db, registry: createStaticRegistry(), filesDir });
    try {
      const token = (await h.login('buyer')) as string;
      const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
        const res = await app.inject({ method, url, payload: payload as never, headers: { 'portico-auth': `bearer ${token}`, 'accept-language': 'en-US' } });
        return { status: res.statusCode, body: res.json() };
      };
      const doc = {
        styleNo: 'ST-1',
        fabric: 'knit',
        composition: [{ component: 'Cotton', percentage: 95 }, { component: 'Spandex', percentage: 5 }],
        substances: [{ name: 'Formaldehyde', cas: '50-00-0' }],
        testPeriod: ['2026-01-01', '2026-06-30'],
        markets: ['CN', 'EU'],
      };
      expect((await call('POST', '/api/entities/dffTextile', { doc })).status).toBe(201);
      const bad = await call('POST', '/api/entities/dffTextile', { doc: { ...doc, composition: [{ component: 'Cotton', percentage: 90 }], substances: [{ name: 'X', cas: '50-00-1' }] } });
      expect(bad.body.errors.map((e: any) => e.message)).toEqual([
        'The percentages of "Fibre composition" need to add up to 100 (now 90)',
        '"Substances · CAS number (#1)" is not a valid CAS number (check digit)',
      ]);
      expect((await call('GET', '/api/entities/dffTextile?f.fabric=knit')).body.data.total).toBe(1);
      const resolved = await call('GET', '/api/template-settings/resolve?buyer=c-buyer&template=TPL-TEXTILE');
      expect(resolved.body.data.template).toMatchObject({ code: 'dffTextile', version: 1, label: 'Textile DFF form' });
    } finally {
      await app.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
