import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTemplate, createStaticRegistry } from '../../engine/index.ts';
import { buildApp } from '../../server/app.ts';
import { DEMO_MATERIAL_CODE, DEMO_MATERIAL_TEMPLATE } from '../../server/seed/demo-material-template.ts';
import { DEMO_PRODUCT_CODE, DEMO_PRODUCT_TEMPLATE } from '../../server/seed/demo-product-template.ts';
import { DEMO_MATERIALS, DEMO_PRODUCTS, seedDemoMaterials } from '../../server/seed/material-seed.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

describe.each(BACKENDS)('demo materials and products on %s', (backend) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
  });
  afterAll(() => h.close());

  it('publish cleanly, are the supplier’s records of their templates, valid with their version, and import as a template declares', async () => {
    expect(checkTemplate(DEMO_MATERIAL_TEMPLATE, 'en-US')).toEqual([]);
    expect(checkTemplate(DEMO_PRODUCT_TEMPLATE, 'en-US')).toEqual([]);
    await seedDemoMaterials(h.db);
    await seedDemoMaterials(h.db); // once only
    const filesDir = mkdtempSync(join(tmpdir(), 'portico-files-'));
    const registry = createStaticRegistry();
    const app = await buildApp({ db: h.db, registry, filesDir });
    try {
      for (const [code, docs] of [[DEMO_MATERIAL_CODE, DEMO_MATERIALS], [DEMO_PRODUCT_CODE, DEMO_PRODUCTS]] as const) {
        const reg = registry.get(code);
        for (const doc of docs) expect(reg.validate(doc), JSON.stringify(reg.validate.errors)).toBe(true);
        expect(reg.views.list.import).toMatchObject({ maxRows: 500 });
      }
      const supplier = await h.login('supplier');
      const buyer = await h.login('buyer');
      const total = async (code: string, token: string) =>
        (await app.inject({ method: 'GET', url: `/api/entities/${code}?pageSize=1`, headers: { 'portico-auth': `bearer ${token}` } })).json().data.total;
      expect(await total(DEMO_MATERIAL_CODE, supplier)).toBe(DEMO_MATERIALS.length);
      expect(await total(DEMO_PRODUCT_CODE, supplier)).toBe(DEMO_PRODUCTS.length);
      // The buyer each record names sees it; another company does not.
      expect(await total(DEMO_MATERIAL_CODE, buyer)).toBe(DEMO_MATERIALS.length);
      expect(await total(DEMO_MATERIAL_CODE, await h.login('applicant'))).toBe(0);
    } finally {
      await app.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
