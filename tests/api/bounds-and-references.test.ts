import { describe, expect, it } from 'vitest';
import type { TemplateBundle } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { useEfilingHarness } from '../support/efiling.ts';
import { sampleFormV1 } from './templates-fixture.ts';

const label = (zh: string, en: string) => ({ 'x-label': { 'zh-CN': zh, 'en-US': en } });
const section = { 'zh-CN': '基本信息', 'en-US': 'Basic information' };

/** A designer's form (the sample form's entity) with a list of objects and a text without a declared bound. */
function linesBundle(): TemplateBundle {
  const b = sampleFormV1();
  b.entity.label = { 'zh-CN': '明细表', 'en-US': 'Line sheet' };
  b.schema.properties = {
    title: { type: 'string', maxLength: 100, ...label('名称', 'Title') },
    note: { type: 'string', ...label('备注', 'Note') },
    lines: { type: 'array', ...label('明细', 'Lines'), items: { type: 'object', properties: { name: { type: 'string', maxLength: 50, ...label('品名', 'Name') } } } },
  };
  const fields = ['title', 'note', 'lines'];
  b.views = {
    list: { columns: [{ field: 'title', link: true }, { field: '$createdAt', sortable: true }], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } },
    detail: { sections: [{ id: 'main', label: section, fields }] },
    form: { sections: [{ id: 'main', label: section, fields }] },
  };
  b.uiSchema = {};
  return b;
}

/**
 * Issue 52, 4b and 4c: every string and list has an upper bound (declared, or the engine's default),
 * a field naming records holds only records that exist and the writer may pick, on every write,
 * and undeclared keys are refused, naming them, in the request language.
 */
describe.each(BACKENDS)('bounds, references and undeclared keys on %s', (backend) => {
  const s = useEfilingHarness(backend);
  const post = (entity: string, doc: unknown, token: string, lang = 'en-US') => s.h.call({ method: 'POST', url: `/api/entities/${entity}`, token, lang, payload: { doc } });

  it('refuses a 500 KB citation id, naming the field and the limit', async () => {
    const m = await s.d.masters(1);
    const importer = await s.d.importer();
    const huge = 'c'.repeat(500_000);
    const en = await post('cpscTrfInfo', s.d.filingDoc(m, importer.id, { citations: [huge] }), s.staff);
    expect(en.status).toBe(400);
    expect(en.body.errorCode).toBe('VALIDATION_FAILED');
    expect(en.body.errors).toContainEqual({ field: 'citations.0', keyword: 'maxLength', message: '"Citations (#1)" can be at most 256 characters long' });
    const zh = await post('cpscTrfInfo', s.d.filingDoc(m, importer.id, { citations: [huge] }), s.staff, 'zh-CN');
    expect(zh.body.errors!.find((e) => e.field === 'citations.0')?.message).toMatch(/^“法规引用 \(#1\)”.*256/);
  });

  it('refuses citation and exclusion ids of no record, or of another entity, on create and on update', async () => {
    const m = await s.d.masters(2);
    const importer = await s.d.importer();
    const en = await post('cpscTrfInfo', s.d.filingDoc(m, importer.id, { citations: [m.citation.id, 'no-such-citation'] }), s.staff);
    expect(en.body).toMatchObject({ code: 400, errorCode: 'LOOKUP_NOT_AVAILABLE', message: 'The selected Citations does not exist or is not available to you' });
    expect(en.body.errors).toEqual([expect.objectContaining({ field: 'citations', keyword: 'lookup' })]);
    const zh = await post('cpscTrfInfo', s.d.filingDoc(m, importer.id, { exclusions: [m.citation.id] }), s.staff, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 400, errorCode: 'LOOKUP_NOT_AVAILABLE', message: '所选“豁免”不存在或您无权使用' });
    const made = await s.d.create('cpscTrfInfo', s.d.filingDoc(m, importer.id));
    const update = await s.h.call({ method: 'PUT', url: `/api/entities/cpscTrfInfo/${made.id}`, token: s.staff, lang: 'en-US', payload: { doc: { ...made.doc, exclusions: [m.exclusion.id, 'gone'] }, version: made.version } });
    expect(update.body).toMatchObject({ code: 400, errorCode: 'LOOKUP_NOT_AVAILABLE' });
    expect((await s.d.get(made.id)).doc.exclusions).toEqual([m.exclusion.id]);
  });

  it('refuses a reference to a record the writer may not see: another company’s trade party', async () => {
    const m = await s.d.masters(3);
    const buyer = await s.h.login('buyer');
    const own = await s.d.customerOwn(buyer);
    // The staff's manufacturer (another company's, not shared) is not the buyer's to name.
    const refused = await post('cpscTrfInfo', s.d.filingDoc(m, own.importerId, { ...own.parties, manufacturerId: m.manufacturer.id }), buyer);
    expect(refused.body).toMatchObject({ code: 400, errorCode: 'LOOKUP_NOT_AVAILABLE', message: 'The selected Manufacturer does not exist or is not available to you' });
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'manufacturerId' })]);
    // Nor is staff's master data the buyer may not read (the filing mapping).
    const mapping = await post('cpscTrfInfo', s.d.filingDoc(m, own.importerId, { ...own.parties, mappingId: m.mapping.id }), buyer);
    expect(mapping.body.errors).toEqual([expect.objectContaining({ field: 'mappingId', keyword: 'lookup' })]);
    expect((await post('cpscTrfInfo', s.d.filingDoc(m, own.importerId, own.parties), buyer)).status).toBe(201);
  });

  it('refuses a designer-template record with undeclared keys, at the top level and in a list item, naming them in both languages', async () => {
    const created = await s.h.call({ method: 'POST', url: '/api/templates', token: s.staff, payload: { code: 'lineSheet', bundle: linesBundle() } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await s.h.call({ method: 'POST', url: '/api/templates/lineSheet/versions/1/publish', token: s.staff })).status).toBe(200);
    const applicant = await s.h.login('applicant');
    const doc = { title: 'T', constructor: 'zz', lines: [{ name: 'a', constructor: 'zz' }] };
    const en = await post('lineSheet', doc, applicant);
    expect(en.status).toBe(400);
    expect(en.body.errorCode).toBe('VALIDATION_FAILED');
    expect(en.body.errors).toEqual([
      { field: 'constructor', keyword: 'additionalProperties', message: 'This form does not accept the undeclared field "constructor"' },
      { field: 'lines.0.constructor', keyword: 'additionalProperties', message: '"Lines (#1)" does not accept the undeclared field "constructor"' },
    ]);
    const zh = await post('lineSheet', doc, applicant, 'zh-CN');
    expect(zh.body.errors!.map((e) => e.message)).toEqual(['本表单不接受未声明的字段“constructor”', '“明细 (#1)”不接受未声明的字段“constructor”']);
    const clean = await post('lineSheet', { title: 'T', lines: [{ name: 'a' }] }, applicant);
    expect(clean.status).toBe(201);
    // On update too.
    const update = await s.h.call({ method: 'PUT', url: `/api/entities/lineSheet/${clean.body.data.id}`, token: applicant, payload: { doc: { ...clean.body.data.doc, extra: 1 }, version: clean.body.data.version } });
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual([expect.objectContaining({ field: 'extra' })]);
  });

  it('refuses a text past the default bound, naming the field and the limit', async () => {
    const applicant = await s.h.login('applicant');
    const en = await post('lineSheet', { title: 'T', note: 'n'.repeat(10_001) }, applicant);
    expect(en.body.errors).toEqual([{ field: 'note', keyword: 'maxLength', message: '"Note" can be at most 10000 characters long' }]);
    const zh = await post('lineSheet', { title: 'T', note: 'n'.repeat(10_001) }, applicant, 'zh-CN');
    expect(zh.body.errors![0]!.message).toMatch(/^“备注”.*10000/);
    expect((await post('lineSheet', { title: 'T', note: 'n'.repeat(10_000) }, applicant)).status).toBe(201);
  });
});
