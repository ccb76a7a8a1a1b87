import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { DEMO_MATERIAL_CODE as MATERIAL, DEMO_MATERIAL_TEMPLATE } from '../../server/seed/demo-material-template.ts';
import { DEMO_PRODUCT_CODE as PRODUCT, DEMO_PRODUCT_TEMPLATE } from '../../server/seed/demo-product-template.ts';
import { DEMO_MATERIALS } from '../../server/seed/material-seed.ts';

/** The material screens declared as entities and lists (SPEC §2): /customer/material/config, /materialReport, /extend/specificextend-setting. */
describe.each(BACKENDS)('material configuration, material reports and extension settings on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let supplier: string;
  let buyer: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    supplier = await h.login('supplier');
    buyer = await h.login('buyer');
    for (const [code, kind, bundle] of [[MATERIAL, 'material', DEMO_MATERIAL_TEMPLATE], [PRODUCT, 'product', DEMO_PRODUCT_TEMPLATE]] as const) {
      expect((await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, kind, bundle } })).status).toBe(201);
      expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff })).status).toBe(200);
    }
  });
  afterAll(() => h.close());

  it('lists per material the TRFs that tested it (the page’s columns hold their report conclusions), for whoever sees the TRF', async () => {
    const make = async (doc: Record<string, unknown>) => (await h.call({ method: 'POST', url: `/api/entities/${MATERIAL}`, token: supplier, payload: { doc } })).body.data.id as string;
    const [a, b] = [await make(DEMO_MATERIALS[0]!), await make(DEMO_MATERIALS[1]!)];
    const trf = async (samples: Record<string, unknown>[]) => (await h.call({ method: 'POST', url: '/api/entities/trf', token: supplier, payload: { doc: validTrf({ samples }) } })).body.data.doc.trfNo as string;
    const withA = await trf([{ sampleNo: 'S-1', description: 'Top', materialId: a }]);
    const withBoth = await trf([{ sampleNo: 'S-1', description: 'Top' }, { sampleNo: 'S-2', description: 'Trim', materialId: b }, { sampleNo: 'S-3', description: 'Body', materialId: a }]);
    const without = await trf([{ sampleNo: 'S-1', description: 'Top' }]);
    const report = async (query: string, token = supplier) => {
      const res = await h.call({ method: 'GET', url: `/api/entities/trf?list=materialReport&pageSize=50${query}`, token, lang: 'en-US' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.items as { doc: { trfNo: string; reportConclusion?: unknown } }[]).map((i) => i.doc.trfNo).sort();
    };
    expect(await report('')).toEqual([withA, withBoth].sort());
    expect(await report(`&f.samples.materialId=${a}`)).toEqual([withA, withBoth].sort());
    expect(await report(`&f.samples.materialId=${b}`)).toEqual([withBoth]);
    expect(await report('&f.samples.materialId=nothing')).toEqual([]);
    // The main TRF list offers the same filter; the TRF without a material is there, not in the report.
    const main = await h.call({ method: 'GET', url: `/api/entities/trf?pageSize=50&f.samples.materialId=${b}`, token: supplier });
    expect(main.body.data.items.map((i: { doc: { trfNo: string } }) => i.doc.trfNo)).toEqual([withBoth]);
    expect(await report('')).not.toContain(without);
    // Drafts are their owner's: the buyer sees none of them yet; staff see all.
    expect(await report('', buyer)).toEqual([]);
    expect(await report(`&f.samples.materialId=${a}`, staff)).toEqual([withA, withBoth].sort());
    // A filter the page does not offer is refused in the user's language.
    const refused = await h.call({ method: 'GET', url: '/api/entities/trf?list=materialReport&f.template=TPL-TEXTILE', token: supplier, lang: 'en-US' });
    expect(refused.status).toBe(400);
  });

  it('keeps a buyer’s material configuration: the templates by product category, one per buyer and category', async () => {
    const options = await h.call({ method: 'GET', url: '/api/lookups/materialTemplates', token: buyer, lang: 'en-US' });
    expect(options.body.data).toEqual([{ value: MATERIAL, label: 'Textile material' }]);
    expect((await h.call({ method: 'GET', url: '/api/lookups/productTemplates?q=apparel', token: buyer, lang: 'en-US' })).body.data).toEqual([{ value: PRODUCT, label: 'Apparel product' }]);
    const doc = { buyer: 'c-buyer', buyerName: 'Demo Buyer Co., Ltd.', productCategory: 'Apparel', materialTemplate: MATERIAL, productTemplate: PRODUCT };
    const made = await h.call({ method: 'POST', url: '/api/entities/materialConfig', token: buyer, payload: { doc } });
    expect(made.status).toBe(201);
    const again = await h.call({ method: 'POST', url: '/api/entities/materialConfig', token: staff, lang: 'en-US', payload: { doc } });
    expect(again.body).toMatchObject({ code: 409, message: 'A material configuration for this buyer and product category already exists' });
    const missing = await h.call({ method: 'POST', url: '/api/entities/materialConfig', token: buyer, lang: 'zh-CN', payload: { doc: { buyer: 'c-buyer' } } });
    expect(missing.body.errors!.map((e) => e.field)).toEqual(['materialTemplate']);
    expect((await h.call({ method: 'GET', url: '/api/entities/materialConfig', token: staff })).body.data.total).toBe(1);
    // Suppliers do not configure a buyer's templates.
    expect((await h.call({ method: 'GET', url: '/api/entities/materialConfig', token: supplier })).status).toBe(403);
  });

  it('narrows a TRF sample’s materials to the template configured for the TRF’s buyer and product category, on the picker and on save', async () => {
    const ALT = 'materialAlt';
    // The demo material template under another code: the same fields, its own entity.
    const bundle = JSON.parse(JSON.stringify(DEMO_MATERIAL_TEMPLATE).replaceAll(MATERIAL, ALT));
    const alt = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: ALT, kind: 'material', bundle } });
    expect(alt.status, JSON.stringify(alt.body)).toBe(201);
    expect((await h.call({ method: 'POST', url: `/api/templates/${ALT}/versions/1/publish`, token: staff })).status).toBe(200);
    const make = async (code: string, doc: Record<string, unknown>) => (await h.call({ method: 'POST', url: `/api/entities/${code}`, token: supplier, payload: { doc } })).body.data.id as string;
    const configured = await make(MATERIAL, { ...DEMO_MATERIALS[2]!, materialCode: 'CFG-1' });
    const other = await make(ALT, { ...DEMO_MATERIALS[2]!, materialCode: 'CFG-2' });
    const offered = async (query: string) => {
      const res = await h.call({ method: 'GET', url: `/api/lookups/materials${query}`, token: supplier, lang: 'en-US' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { value: string }[]).map((o) => o.value);
    };
    // The previous case configured c-buyer's Apparel: its material template only.
    const apparel = await offered('?c.buyer=c-buyer&c.productCategory=%20apparel');
    expect(apparel).toContain(configured);
    expect(apparel).not.toContain(other);
    // No configuration for the category (and none for every category), another buyer, or no context: every template.
    for (const query of ['?c.buyer=c-buyer&c.productCategory=Shoes', '?c.buyer=c-supplier&c.productCategory=Apparel', '']) expect(await offered(query)).toEqual(expect.arrayContaining([configured, other]));
    const trf = (materialId: string, productCategory: string) =>
      h.call({ method: 'POST', url: '/api/entities/trf', token: supplier, lang: 'en-US', payload: { doc: validTrf({ cclInfo: { productCategory }, samples: [{ sampleNo: 'S-1', description: 'Top', materialId }] }) } });
    const refused = await trf(other, 'Apparel');
    expect(refused.body).toMatchObject({ code: 400, errorCode: 'LOOKUP_NOT_AVAILABLE' });
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'samples.materialId' })]);
    expect((await trf(configured, 'Apparel')).status).toBe(201);
    expect((await trf(other, 'Shoes')).status).toBe(201);
    // A configuration for every category of the buyer answers for the categories without their own.
    const every = await h.call({ method: 'POST', url: '/api/entities/materialConfig', token: buyer, payload: { doc: { buyer: 'c-buyer', buyerName: 'Demo Buyer Co., Ltd.', materialTemplate: ALT } } });
    expect(every.status).toBe(201);
    // One such configuration per buyer: a second without a category repeats it.
    const twice = await h.call({ method: 'POST', url: '/api/entities/materialConfig', token: staff, lang: 'en-US', payload: { doc: { buyer: 'c-buyer', buyerName: 'Demo Buyer Co., Ltd.', productCategory: ' ', materialTemplate: MATERIAL } } });
    expect(twice.body).toMatchObject({ code: 409, message: 'A material configuration for this buyer and product category already exists' });
    expect(await offered('?c.buyer=c-buyer&c.productCategory=Shoes')).not.toContain(configured);
    expect((await trf(configured, 'Shoes')).body.errorCode).toBe('LOOKUP_NOT_AVAILABLE');
    expect(await offered('?c.buyer=c-buyer&c.productCategory=Apparel')).not.toContain(other);
  });

  it('keeps the extension settings (a customer’s own menu links) for staff to write, as links of the customer’s menu', async () => {
    const doc = { buyer: 'c-buyer', buyerName: 'Demo Buyer Co., Ltd.', productLine: 'Softlines', nameZh: '供应商门户', nameEn: 'Supplier portal', url: 'https://supplier.example.com/', sort: 1 };
    const bad = await h.call({ method: 'POST', url: '/api/entities/extendSetting', token: staff, lang: 'en-US', payload: { doc: { ...doc, url: 'ftp://x' } } });
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'url', message: 'Link: The link must start with http:// or https://' })]);
    const made = await h.call({ method: 'POST', url: '/api/entities/extendSetting', token: staff, payload: { doc } });
    expect(made.status).toBe(201);
    expect((await h.call({ method: 'GET', url: '/api/entities/extendSetting', token: staff })).body.data.items.map((i: { doc: { nameEn: string } }) => i.doc.nameEn)).toEqual(['Supplier portal']);
    // Customers do not keep the settings themselves; they find their links in their menu.
    expect((await h.call({ method: 'GET', url: '/api/entities/extendSetting', token: buyer })).status).toBe(403);
    expect((await h.call({ method: 'POST', url: '/api/entities/extendSetting', token: buyer, payload: { doc } })).status).toBe(403);
    // Each enabled setting is a link in the customer's menu (Extensions), opened inside the portal; a disabled one is not.
    await h.call({ method: 'POST', url: '/api/entities/extendSetting', token: staff, payload: { doc: { ...doc, nameZh: '旧门户', nameEn: 'Old portal', url: 'https://old.example.com/', enabled: false } } });
    await h.call({ method: 'POST', url: '/api/entities/extendSetting', token: staff, payload: { doc: { ...doc, nameZh: '质量看板', nameEn: 'Quality board', url: 'https://quality.example.com/', sort: 0 } } });
    const group = async (token: string, lang: string) =>
      ((await h.call({ method: 'GET', url: '/api/menu', token, lang })).body.data as { path: string; children: { name: string; path: string }[] }[]).find((m) => m.path === '/extensions');
    expect((await group(buyer, 'en-US'))!.children.map((c) => [c.name, c.path])).toEqual([['Quality board', 'https://quality.example.com/'], ['Supplier portal', 'https://supplier.example.com/']]);
    expect((await group(buyer, 'zh-CN'))!.children.map((c) => c.name)).toEqual(['质量看板', '供应商门户']);
    expect(await group(supplier, 'en-US')).toBeUndefined();
    expect(await group(staff, 'en-US')).toBeUndefined();
    expect((await h.call({ method: 'GET', url: '/api/entities/extendSetting', token: supplier })).status).toBe(403);
  });
});
