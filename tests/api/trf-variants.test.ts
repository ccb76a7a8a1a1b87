import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { variantPreset, variantRegistration } from '../../engine/index.ts';

describe.each(BACKENDS)('TRF variants (CCL, AFL) on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('are TRFs of the same endpoints: their own fields and bound template, listed by the variant field', async () => {
    const trf = h.registry.get('trf');
    const ccl = variantPreset(trf, 'ccl');
    expect(ccl).toEqual({ template: 'TPL-CCL', variant: 'ccl' });
    const created = await h.call({
      method: 'POST',
      url: '/api/entities/trf',
      payload: { doc: validTrf({ ...ccl, cclInfo: { productCategory: 'Coatings', chemicalTests: ['heavyMetals', 'phthalates'], sampleCount: 2 } }) },
      token: applicant,
    });
    expect(created.status).toBe(201);
    const afl = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ ...variantPreset(trf, 'afl'), aflInfo: { styleNo: 'ST-1', season: 'AW' } }) }, token: applicant });
    expect(afl.status).toBe(201);
    await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: applicant });
    // A variant's fields are checked by the entity's schema, in the request language.
    const bad = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ ...ccl, cclInfo: { chemicalTests: ['lead?'] } }) }, token: applicant, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors![0]!.field).toBe('cclInfo.chemicalTests.0');
    // The variant's list is the entity's list filtered by the variant field (accepted undeclared, indexed).
    const list = await h.call({ method: 'GET', url: '/api/entities/trf?f.variant=ccl', token: applicant });
    expect(list.body.data.items.map((r: any) => r.id)).toEqual([created.body.data.id]);
    expect((await h.call({ method: 'GET', url: '/api/entities/trf?f.variant=xyz', token: applicant })).status).toBe(400);
    // The bound template is a real template, labelled in both languages.
    const templates = await h.call({ method: 'GET', url: '/api/lookups/templates?q=CCL', token: applicant, lang: 'en-US' });
    expect(templates.body.data).toEqual([{ value: 'TPL-CCL', label: 'CCL test request template' }]);
    // The variant's registration: its own routes, sections and columns over the same schema and machine.
    const shaped = variantRegistration(trf, 'ccl');
    expect(shaped.entity.routes).toEqual({ list: '/ccl/tableComponent', detail: '/ccl/trf/trfDetail', form: '/ccl/trf/trfForm' });
    expect(shaped.views.form.sections.map((s) => s.id)).toEqual(['basic', 'ccl', 'parties', 'samples']);
    expect(shaped.machine).toBe(trf.machine);
    expect(variantRegistration(trf, 'afl').entity.routes.form).toBe('/afl/trf/newTrf');
  });
});
