import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';
import { DOCUMENT_BUNDLE } from '../fixtures/document-entity.ts';
import { readXlsx, readZip } from '../support/read-exports.ts';

describe.each(BACKENDS)('declared exports on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let buyer: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [DOCUMENT_BUNDLE]);
    applicant = await h.login('applicant');
    buyer = await h.login('buyer');
  });
  afterAll(() => h.close());

  const exportRows = (entity: string, token: string, opts: { query?: string; ids?: string[]; lang?: string } = {}) =>
    h.app.inject({
      method: 'POST',
      url: `/api/entities/${entity}/export${opts.query ? `?${opts.query}` : ''}`,
      headers: { 'portico-auth': `bearer ${token}`, 'accept-language': opts.lang ?? 'zh-CN' },
      payload: opts.ids ? { ids: opts.ids } : {},
    });
  const exportFiles = (token: string, ids: string[], lang = 'zh-CN') =>
    h.app.inject({ method: 'POST', url: '/api/entities/labDocument/export-files', headers: { 'portico-auth': `bearer ${token}`, 'accept-language': lang }, payload: { ids } });
  const upload = async (name: string, size: number, token = applicant) =>
    (
      await h.app.inject({ method: 'POST', url: `/api/files?name=${name}`, headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/pdf' }, payload: fileBytes('pdf', size) })
    ).json().data;
  const makeDoc = async (doc: Record<string, unknown>, token = applicant) => {
    const res = await h.call({ method: 'POST', url: '/api/entities/labDocument', payload: { doc }, token });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };

  const ids: Record<string, string> = {};
  it('streams the list as xlsx with its filters, sort and visibility, in the request language', async () => {
    const report = await upload('report-a.pdf', 300);
    ids.a = await makeDoc({ title: 'Alpha', kind: 'report', issuedOn: '2026-11-01', template: 'TPL-TEXTILE', fee: 123450, files: [report] });
    ids.b = await makeDoc({ title: 'Beta', kind: 'photo', issuedOn: '2026-10-05' });
    ids.c = await makeDoc({ title: 'Gamma', kind: 'report', template: 'TPL-TOYS' });
    ids.other = await makeDoc({ title: 'Buyer own', kind: 'report' }, buyer);

    const en = await exportRows('labDocument', applicant, { lang: 'en-US', query: 'sort=title:asc' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(en.headers['x-export-total']).toBe('3');
    expect(en.headers['content-disposition']).toContain("filename*=UTF-8''Lab%20document.xlsx");
    expect(await readXlsx(en.rawPayload)).toEqual([
      ['Title', 'Kind', 'Issued on', 'Template', 'Fee (CNY)', 'File names'],
      ['Alpha', 'Report', 'Nov 1, 2026', 'Textiles — general testing', '1,234.50', 'report-a.pdf'],
      ['Beta', 'Photo', 'Oct 5, 2026', '', '', ''],
      ['Gamma', 'Report', '', 'Toy safety testing', '', ''],
    ]);
    const zh = await exportRows('labDocument', applicant, { query: 'f.kind=report&sort=title:desc' });
    expect(await readXlsx(zh.rawPayload)).toEqual([
      ['标题', '类型', '签发日期', '模板', '费用（元）', '附件名'],
      ['Gamma', '报告', '', '玩具安全测试', '', ''],
      ['Alpha', '报告', '2026年11月1日', '纺织品通用测试', '1,234.50', 'report-a.pdf'],
    ]);
    // Another company exports its own rows only.
    const theirs = await readXlsx((await exportRows('labDocument', buyer)).rawPayload);
    expect(theirs.slice(1).map((r) => r[0])).toEqual(['Buyer own']);
    // A bad filter is the list's own 400, in the language.
    const bad = await exportRows('labDocument', applicant, { lang: 'en-US', query: 'f.ghost=1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('VALIDATION_FAILED');
  });

  it('exports a selection, refusing an empty one and one with nothing the user sees', async () => {
    const picked = await exportRows('labDocument', applicant, { ids: [ids.c!, ids.a!, ids.other!], lang: 'en-US' });
    expect(picked.statusCode).toBe(200);
    expect((await readXlsx(picked.rawPayload)).slice(1).map((r) => r[0])).toEqual(['Gamma', 'Alpha']);
    for (const [lang, text] of [['zh-CN', '请至少选择一条数据'], ['en-US', 'Please select at least one piece of data']]) {
      const none = await exportRows('labDocument', applicant, { ids: [], lang });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(text);
      const unseen = await exportRows('labDocument', applicant, { ids: [ids.other!], lang });
      expect(unseen.statusCode).toBe(400);
      expect(unseen.json().errorCode).toBe('NOTHING_SELECTED');
    }
  });

  it('refuses over the declared row limit before streaming, in both languages', async () => {
    for (const title of ['Delta', 'Epsilon', 'Zeta']) await makeDoc({ title, kind: 'photo' });
    const zh = await exportRows('labDocument', applicant);
    expect(zh.statusCode).toBe(400);
    expect(zh.headers['content-type']).toContain('application/json');
    expect(zh.json()).toMatchObject({ code: 400, errorCode: 'EXPORT_LIMIT', message: '一次最多只能导出 5 条数据，当前 6 条，请缩小查询范围' });
    const en = await exportRows('labDocument', applicant, { lang: 'en-US' });
    expect(en.json().message).toBe('You can only export maximum 5 rows in one time (6 found). Please narrow the search.');
    expect((await exportRows('labDocument', applicant, { query: 'f.kind=photo' })).statusCode).toBe(200);
  });

  it('zips the selected records’ files, refusing over the limit and records the user does not see', async () => {
    const [p1, p2, p3] = [await upload('cert.pdf', 120), await upload('cert.pdf', 140), await upload('photo-sheet.pdf', 160)];
    const two = await makeDoc({ title: 'Two files', files: [p1, p2] });
    const one = await makeDoc({ title: 'One file', files: [p3] });
    const zip = await exportFiles(applicant, [two, ids.a!]);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['x-export-total']).toBe('3');
    const entries = await readZip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['Alpha/report-a.pdf', 'Two files/2-cert.pdf', 'Two files/cert.pdf']);
    expect(entries.get('Two files/cert.pdf')!.length).toBe(120);
    expect(entries.get('Two files/2-cert.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    const over = await exportFiles(applicant, [two, one, ids.a!], 'en-US');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('You can only export maximum 3 files in one time (4 selected). Please select fewer.');
    expect((await exportFiles(applicant, [two, one, ids.a!])).json().message).toBe('一次最多只能导出 3 个文件，当前 4 个，请减少选择');
    expect((await exportFiles(applicant, [], 'en-US')).json().message).toBe('Please select at least one piece of data');
    // The buyer's company does not see the applicant's documents: nothing of theirs is zipped.
    const theirs = await exportFiles(buyer, [two]);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errorCode).toBe('NOTHING_SELECTED');
    expect((await exportFiles(applicant, [ids.b!], 'en-US')).json().message).toBe('The selected data has no files to export');
  });

  it('exports the TRF list (≤ 3,000) with the list’s columns; a company cannot export others’ TRFs', async () => {
    const created = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: applicant });
    const trfNo = created.body.data.doc.trfNo as string;
    const rows = await readXlsx((await exportRows('trf', applicant, { lang: 'en-US' })).rawPayload);
    expect(rows[0]).toEqual(['TRF no.', 'Status', 'Quotation', 'Report conclusion', 'Review progress', 'Template', 'Buyer · Company name', 'Applicant · Company name', 'Sample received date', 'Due date', 'Updated']);
    expect(rows.slice(1).map((r) => [...r.slice(0, 3), r[5]])).toEqual([[trfNo, 'Draft', 'No quotation', 'Textiles — general testing']]);
    // A draft is its owner's alone: the buyer it names exports nothing of it.
    expect((await readXlsx((await exportRows('trf', buyer)).rawPayload)).length).toBe(1);

    const user = (await h.db.query<{ id: string }>("select id from users where account = 'applicant'")).rows[0]!.id;
    await h.db.query(
      `insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by)
       select 'bulk-' || i, 'trf', jsonb_build_object('trfNo', 'TRFBULK' || lpad(i::text, 6, '0'), 'template', 'TPL-TOYS', 'isRetest', i % 2 = 0), 'draft',
              '{"$status":"draft","$quotationStatus":"none"}'::jsonb, null, 1, 'c-applicant', array['c-applicant'], $1
       from generate_series(1, 3000) i`,
      [user],
    );
    const over = await exportRows('trf', applicant, { lang: 'en-US' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('You can only export maximum 3000 rows in one time (3001 found). Please narrow the search.');
    expect((await exportRows('trf', applicant)).json().message).toBe('一次最多只能导出 3000 条数据，当前 3001 条，请缩小查询范围');
    const narrowed = await exportRows('trf', applicant, { query: 'f.isRetest=true' });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.headers['x-export-total']).toBe('1500');
    expect((await readXlsx(narrowed.rawPayload)).length).toBe(1501);
    expect((await readXlsx((await exportRows('trf', buyer)).rawPayload)).length).toBe(1);
  });
});
