import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { DEMO_MATERIAL_CODE as MATERIAL, DEMO_MATERIAL_TEMPLATE } from '../../server/seed/demo-material-template.ts';
import { DEMO_PRODUCT_CODE as PRODUCT, DEMO_PRODUCT_TEMPLATE } from '../../server/seed/demo-product-template.ts';
import { DEMO_MATERIALS, DEMO_PRODUCTS } from '../../server/seed/material-seed.ts';
import { deleteWholeTemplate } from '../../server/templates/templates-repo.ts';

/**
 * What a TRF holding a material or product means for it (SPEC §2, §8): a TRF picks only materials
 * the user may see; a submitted TRF's material is not changed; a template with material data is
 * not deleted.
 */
describe.each(BACKENDS)('materials bound to TRFs on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let supplier: string;
  let applicant: string;
  let supplierMaterial: string;
  let supplierProduct: string;
  const make = async (code: string, doc: Record<string, unknown>, token: string) => {
    const made = await h.call({ method: 'POST', url: `/api/entities/${code}`, token, payload: { doc } });
    expect(made.status).toBe(201);
    return made.body.data as { id: string; version: number; doc: Record<string, unknown> };
  };
  const publish = async (code: string, kind: string, bundle: unknown) => {
    expect((await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, kind, bundle } })).status).toBe(201);
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff })).status).toBe(200);
  };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    supplier = await h.login('supplier');
    applicant = await h.login('applicant');
    await publish(MATERIAL, 'material', DEMO_MATERIAL_TEMPLATE);
    await publish(PRODUCT, 'product', DEMO_PRODUCT_TEMPLATE);
    supplierMaterial = (await make(MATERIAL, DEMO_MATERIALS[0]!, supplier)).id;
    supplierProduct = (await make(PRODUCT, DEMO_PRODUCTS[0]!, supplier)).id;
  });
  afterAll(() => h.close());

  const trfWith = (sample: Record<string, unknown>) => validTrf({ samples: [{ sampleNo: 'S-1', description: 'Knitted top', ...sample }] });

  it('refuses a TRF sample picking a material or product the user may not see, in the user language', async () => {
    const en = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, lang: 'en-US', payload: { doc: trfWith({ materialId: supplierMaterial }) } });
    expect(en.body).toMatchObject({ code: 400, errorCode: 'LOOKUP_NOT_AVAILABLE', message: 'The selected Material record does not exist or is not available to you' });
    expect(en.body.errors).toEqual([expect.objectContaining({ field: 'samples.materialId', keyword: 'lookup' })]);
    const zh = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, lang: 'zh-CN', payload: { doc: trfWith({ materialId: supplierMaterial }) } });
    expect(zh.body.message).toBe('所选“物料档案”不存在或您无权使用');
    const product = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, lang: 'en-US', payload: { doc: trfWith({ productId: supplierProduct }) } });
    expect(product.body).toMatchObject({ code: 400, message: 'The selected Product record does not exist or is not available to you' });
    // An id of no record, and a record of another entity (a TRF), are refused the same way.
    const missing = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, payload: { doc: trfWith({ materialId: 'no-such-record' }) } });
    expect(missing.body.errorCode).toBe('LOOKUP_NOT_AVAILABLE');
    const own = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, payload: { doc: validTrf() } });
    const notMaterial = await h.call({ method: 'PUT', url: `/api/entities/trf/${own.body.data.id}`, token: applicant, payload: { doc: trfWith({ materialId: own.body.data.id }), version: 1 } });
    expect(notMaterial.body.errorCode).toBe('LOOKUP_NOT_AVAILABLE');
    // The supplier's own TRF may pick them.
    const supplierTrf = await h.call({ method: 'POST', url: '/api/entities/trf', token: supplier, payload: { doc: trfWith({ materialId: supplierMaterial, productId: supplierProduct }) } });
    expect(supplierTrf.status).toBe(201);
  });

  it('lets a draft TRF’s material change, and refuses changing it once the TRF is submitted', async () => {
    const material = await make(MATERIAL, { title: 'Bound fabric', materialCode: 'B-1', category: 'fabric', composition: [{ component: 'cotton', percentage: 100 }] }, applicant);
    const trf = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, payload: { doc: trfWith({ materialId: material.id }) } });
    expect(trf.status).toBe(201);
    const edit = (doc: Record<string, unknown>, version: number, lang = 'en-US') => h.call({ method: 'PUT', url: `/api/entities/${MATERIAL}/${material.id}`, token: applicant, lang, payload: { doc, version } });
    const whileDraft = await edit({ ...material.doc, title: 'Bound fabric, washed' }, 1);
    expect(whileDraft.status).toBe(200);
    const submitted = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.body.data.id}/events`, token: applicant, payload: { type: 'SUBMIT', version: trf.body.data.version } });
    expect(submitted.status).toBe(200);
    const refused = await edit({ ...whileDraft.body.data.doc, title: 'Another fabric' }, 2);
    expect(refused.body).toMatchObject({ code: 409, errorCode: 'RECORD_BOUND', message: 'The selected material has been bounded to TRF' });
    expect((await edit({ ...whileDraft.body.data.doc, title: 'Another fabric' }, 2, 'zh-CN')).body.message).toBe('所选物料已关联 TRF');
    const stored = await h.call({ method: 'GET', url: `/api/entities/${MATERIAL}/${material.id}`, token: applicant });
    expect(stored.body.data.doc.title).toBe('Bound fabric, washed');
    // Saving it unchanged is no change.
    expect((await edit(whileDraft.body.data.doc, 2)).status).toBe(200);
  });

  it('asks whether a TRF holds a record through an index, not a scan of every TRF', async () => {
    let plan = '';
    // 3,000 TRFs, written and analysed inside a transaction that is then rolled back.
    await h.db
      .transaction(async (tx) => {
        const { rows: owner } = await tx.query<{ id: string; company_id: string }>("select id, company_id from users where account = 'supplier'");
        await tx.query(
          `insert into records (id, entity, doc, company_id, visible_to, created_by)
           select 'bulk-' || n, 'trf', jsonb_build_object('samples', jsonb_build_array(jsonb_build_object('sampleNo', 'S-1', 'materialId', 'm-' || n))), $1, array[$1], $2
           from generate_series(1, 3000) n`,
          [owner[0]!.company_id, owner[0]!.id],
        );
        await tx.query('analyze records');
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>('explain select 1 from records where entity = $1 and doc @> $2::jsonb limit 1', ['trf', JSON.stringify({ samples: [{ materialId: 'm-17' }] })]);
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        throw new Error('rollback');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
    expect(plan).toContain('cx_trf_doc');
  });

  it('refuses deleting a material or product template holding material data; deletes one without', async () => {
    for (const [code, lang, said] of [
      [MATERIAL, 'en-US', 'Cannot delete when material data exists'],
      [PRODUCT, 'zh-CN', '已存在物料数据，无法删除'],
    ] as const) {
      const refused = await h.call({ method: 'DELETE', url: `/api/templates/${code}`, token: staff, lang });
      expect(refused.body).toMatchObject({ code: 409, errorCode: 'TEMPLATE_HAS_RECORDS', message: said });
      expect((await h.call({ method: 'GET', url: `/api/entities/${code}?pageSize=1`, token: supplier })).status).toBe(200);
    }
    expect((await h.call({ method: 'DELETE', url: `/api/templates/${MATERIAL}`, token: supplier })).status).toBe(403);
    const unused = { ...DEMO_MATERIAL_TEMPLATE, entity: { ...DEMO_MATERIAL_TEMPLATE.entity, name: 'materialUnused' } };
    await publish('materialUnused', 'material', unused);
    expect((await h.call({ method: 'GET', url: '/api/entities/materialUnused?pageSize=1', token: supplier })).status).toBe(200);
    const removed = await h.call({ method: 'DELETE', url: '/api/templates/materialUnused', token: staff });
    expect(removed.status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/templates/materialUnused', token: staff })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/entities/materialUnused?pageSize=1', token: supplier })).status).toBe(404);
    expect((await h.call({ method: 'DELETE', url: '/api/templates/materialUnused', token: staff, lang: 'en-US' })).body).toMatchObject({ code: 404, message: 'There is no template "materialUnused"' });
 
    // Another server process deleted a template this one still has registered: a record made here is refused, not orphaned.
    const gone = { ...DEMO_MATERIAL_TEMPLATE, entity: { ...DEMO_MATERIAL_TEMPLATE.entity, name: 'materialGone' } };
    await publish('materialGone', 'material', gone);
    await deleteWholeTemplate(h.db, 'materialGone');
    const orphan = await h.call({ method: 'POST', url: '/api/entities/materialGone', token: supplier, lang: 'en-US', payload: { doc: DEMO_MATERIALS[0] } });
    expect(orphan.body).toMatchObject({ code: 404, message: 'There is no template "materialGone"' });
    expect((await h.db.query('select 1 from records where entity = $1', ['materialGone'])).rows).toEqual([]);
  });
});
