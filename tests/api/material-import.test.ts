import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { readXlsx, readZip } from '../support/read-exports.ts';
import { asXls, fillTemplate, withSheetData, zipOf } from '../support/xlsx-files.ts';
import { DEMO_MATERIAL_CODE as CODE, DEMO_MATERIAL_TEMPLATE } from '../../server/seed/demo-material-template.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid material row in the template's column order (buyer, title, code, category, CAS, weight, markets, composition). */
const row = (i: number, lang: 'en' | 'zh' = 'en') => [
  [ 'Demo Buyer Co., Ltd.', '演示买家有限公司', 'CN-B-0001'][i % 3]!,
  `Cotton jersey ${i}`,
  `M-${String(i).padStart(4, '0')}`,
  lang === 'en' ? 'Fabric' : '面料',
  '7732-18-5',
  120 + (i % 50),
  lang === 'en' ? 'China, European Union' : '中国, 欧盟',
  JSON.stringify([{ component: 'cotton', percentage: 95 }, { component: 'elastane', percentage: 5 }]),
];

describe.each(BACKENDS)('material import and export on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let supplier: string;
  let applicant: string;
  let template: Buffer;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    supplier = await h.login('supplier');
    applicant = await h.login('applicant');
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: CODE, kind: 'material', bundle: DEMO_MATERIAL_TEMPLATE } });
    expect(created.status).toBe(201);
    expect((await h.call({ method: 'POST', url: `/api/templates/${CODE}/versions/1/publish`, token: staff })).status).toBe(200);
  });
  afterAll(() => h.close());

  const upload = (bytes: Buffer, opts: { token?: string; lang?: string; validOnly?: boolean; type?: string } = {}) =>
    h.app.inject({
      method: 'POST',
      url: `/api/entities/${CODE}/import${opts.validOnly ? '?validOnly=true' : ''}`,
      headers: { 'portico-auth': `bearer ${opts.token ?? supplier}`, 'accept-language': opts.lang ?? 'en-US', 'content-type': opts.type ?? XLSX },
      payload: bytes,
    });
  const total = async (token = supplier) => (await h.call({ method: 'GET', url: `/api/entities/${CODE}?pageSize=1`, token })).body.data.total as number;

  it('downloads the import template: hidden keys with the version, titles in the language, required marked, option lists', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/entities/${CODE}/import-template`, headers: { 'portico-auth': `bearer ${supplier}`, 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    template = res.rawPayload;
    const rows = await readXlsx(template);
    expect(rows[0]).toEqual(['buyer', 'title', 'materialCode', 'category', 'casNo', 'weight', 'markets', 'composition', `portico:${CODE}:v1`]);
    expect(rows[1]!.slice(0, 5)).toEqual(['Buyer', 'Material name *', 'Material code *', 'Category *', 'CAS number']);
    const sheet = (await readZip(template)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toMatch(/<row[^>]*r="1"[^>]*hidden="1"/);
    expect(sheet).toContain('<dataValidation');
    expect(sheet).toContain('lists!$D$1:$D$3');
    const zh = await h.app.inject({ method: 'GET', url: `/api/entities/${CODE}/import-template`, headers: { 'portico-auth': `bearer ${supplier}`, 'accept-language': 'zh-CN' } });
    expect((await readXlsx(zh.rawPayload))[1]!.slice(0, 4)).toEqual(['买家', '物料名称 *', '物料编号 *', '物料类别 *']);
  });

  it('lists every bad cell (format, data, duplicates in the file) and stores nothing', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i));
    rows[10]![4] = '7732-18-4'; // CAS check digit
    rows[20]![3] = 'Leather'; // not an option
    rows[30]![2] = 'M-0005'; // repeats row 5's code
    rows[40]![5] = 'heavy'; // not a number
    rows[50]![0] = 'Nobody Ltd.'; // no such company
    const res = await upload(await fillTemplate(template, rows));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('IMPORT_ROWS_INVALID');
    expect(body.message).toBe('5 cell(s) in 5 row(s) are invalid; nothing was imported');
    expect(body.data.errors.map((e: { row: number; column: string }) => `${e.column}${e.row}`)).toEqual(['E13', 'D23', 'C33', 'F43', 'A53']);
    expect(body.data.errors[0].message).toContain('CAS');
    expect(body.data.errors[1].message).toBe('"Leather" is not an option (options: Fabric, Trim, Chemical)');
    expect(body.data.errors[2].message).toBe('duplicates row 8');
    expect(body.data.errors[3]).toMatchObject({ title: 'Weight (g/m²)', message: 'must be a number' });
    expect(body.data.errors[4]).toMatchObject({ title: 'Buyer', message: '"Nobody Ltd." was not found' });
    expect(await total()).toBe(0);
  });

  it('refuses more than 500 rows and a changed or old header, with the SPEC messages', async () => {
    const many = await upload(await fillTemplate(template, Array.from({ length: 501 }, (_, i) => row(i))));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('You can only upload maximum 500 rows in one time.');
    const renamed = await upload(await fillTemplate(template, [row(1)], (s) => (s.getCell('B2').value = 'Name')));
    expect(renamed.json()).toMatchObject({ code: 400, message: 'Unable to upload. Please make sure the template is the latest and no change has been made to the header.' });
    const old = await upload(await fillTemplate(template, [row(1)], (s) => (s.getCell('I1').value = `portico:${CODE}:v0`)), { lang: 'zh-CN' });
    expect(old.json().message).toBe('无法上传，请确认模板为最新版本且表头未做任何修改');
    const empty = await upload(await fillTemplate(template, []));
    expect(empty.json().errorCode).toBe('IMPORT_EMPTY');
  });

  it('imports 500 valid rows in one go, then finds them as duplicates of stored records', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i, i % 2 ? 'en' : 'zh'));
    const res = await upload(await fillTemplate(template, rows));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 500, skipped: 0, errors: [], message: 'Upload Success!' });
    expect(await total()).toBe(500);
    const list = await h.call({ method: 'GET', url: `/api/entities/${CODE}?f.materialCode=M-0007`, token: supplier });
    expect(list.body.data.items[0].doc).toMatchObject({ buyer: 'c-buyer', category: 'fabric', markets: ['CN', 'EU'], composition: [{ component: 'cotton', percentage: 95 }, { component: 'elastane', percentage: 5 }] });
    // The picker's answer holds the newest 200; a text searches them all (the oldest found by its name).
    const picker = async (q = '') => ((await h.call({ method: 'GET', url: `/api/lookups/materials${q ? `?q=${encodeURIComponent(q)}` : ''}`, token: supplier })).body.data as { label: string }[]).map((o) => o.label.split(' · ')[0]);
    const newest = await picker();
    expect(newest).toHaveLength(200);
    const older = rows.map((r) => String(r[1])).find((title) => !newest.includes(title))!;
    expect(older).toBeDefined();
    expect(await picker(older)).toContain(older);
    expect(await picker('no such material %_')).toEqual([]);
    const again = await upload(await fillTemplate(template, [row(1)]), { lang: 'zh-CN' });
    expect(again.json().data.errors[0]).toMatchObject({ row: 3, column: 'C', message: '已存在相同的数据' });
  });

  it('imports the valid rows only when asked, listing the skipped ones', async () => {
    const rows = [row(900), row(901), row(902)];
    rows[1]![7] = JSON.stringify([{ component: 'cotton', percentage: 90 }]);
    const res = await upload(await fillTemplate(template, rows), { validOnly: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 2, skipped: 1, message: 'Imported 2 valid row(s); skipped 1 invalid row(s)' });
    expect(res.json().data.errors[0]).toMatchObject({ row: 4, column: 'H' });
    expect(await total()).toBe(502);
  });

  it('exports the list with its filters to a file that re-imports unchanged', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/entities/${CODE}/export?f.materialCode=M-00`,
      headers: { 'portico-auth': `bearer ${supplier}`, 'accept-language': 'zh-CN' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows.length).toBe(2 + 100);
    const again = await upload(res.rawPayload, { token: applicant });
    expect(again.json().data).toMatchObject({ imported: 100, skipped: 0 });
    const copied = await h.call({ method: 'GET', url: `/api/entities/${CODE}?f.materialCode=M-0007`, token: applicant });
    const original = await h.call({ method: 'GET', url: `/api/entities/${CODE}?f.materialCode=M-0007`, token: supplier });
    expect(copied.body.data.items[0].doc).toEqual(original.body.data.items[0].doc);
  });

  it('refuses hostile files with a clear message, without exhausting memory', async () => {
    const notSheet = await upload(Buffer.from('name,code\nA,B\n'), { type: 'application/octet-stream' });
    expect(notSheet.json()).toMatchObject({ code: 415, message: 'The file is not an Excel workbook (.xlsx or .xls) and cannot be read' });
    const oleJunk = await upload(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]), { type: 'application/vnd.ms-excel', lang: 'zh-CN' });
    expect(oleJunk.json()).toMatchObject({ code: 415, message: '文件不是 Excel 工作簿（.xlsx 或 .xls），无法读取' });
    const bomb = await upload(await zipOf(new Map([['xl/worksheets/sheet1.xml', Buffer.alloc(200 * 1024 * 1024)]])));
    expect(bomb.json()).toMatchObject({ code: 413, errorCode: 'IMPORT_FILE_TOO_LARGE' });
    const truncated = await upload(template.subarray(0, 2000));
    expect(truncated.json().errorCode).toBe('IMPORT_NOT_SPREADSHEET');
    const formula = await upload(await fillTemplate(template, [row(1), [...row(2).slice(0, 5), { formula: 'SUM(1,2)' }]]));
    expect(formula.json().message).toBe('Cell F4 holds a formula; please paste values only and upload again');
    const header = (await readXlsx(template)).slice(0, 2);
    const cells = (r: readonly string[], n: number) => r.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${v}</t></is></c>`).join('');
    const head = `<row r="1">${cells(header[0]!, 1)}</row><row r="2">${cells(header[1]!.slice(0, 8), 2)}</row>`;
    let empty = '';
    for (let r = 3; r <= 1_000_002; r++) empty += `<row r="${r}"/>`;
    const emptyRows = await upload(await withSheetData(template, head + empty));
    expect(emptyRows.json().message).toBe('You can only upload maximum 500 rows in one time.');
    let wide = '<row r="1">';
    for (let c = 0; c < 10_000; c++) wide += `<c r="${colName(c)}1" t="inlineStr"><is><t>k${c}</t></is></c>`;
    const wideRes = await upload(await withSheetData(template, `${wide}</row>`));
    expect(wideRes.json()).toMatchObject({ code: 400, message: 'The file has more columns than the template (at most 9)' });
    expect(await total()).toBe(502);
  });

  it('reads an import file saved in the old Excel format (.xls) by the same rules', async () => {
    const rows = [row(950), row(951), row(952)];
    rows[2]![3] = 'Leather';
    const bad = await upload(asXls(await fillTemplate(template, rows)), { type: 'application/vnd.ms-excel' });
    expect(bad.json().data.errors).toEqual([expect.objectContaining({ row: 5, column: 'D', message: '"Leather" is not an option (options: Fabric, Trim, Chemical)' })]);
    const renamed = await upload(asXls(await fillTemplate(template, [row(950)], (s) => (s.getCell('B2').value = 'Name'))));
    expect(renamed.json().errorCode).toBe('IMPORT_HEADER_CHANGED');
    const wide = await upload(asXls(await fillTemplate(template, [[...row(950), ...Array.from({ length: 20 }, (_, i) => `x${i}`)]])));
    expect(wide.json().message).toBe('The file has more columns than the template (at most 9)');
    const many = await upload(asXls(await fillTemplate(template, Array.from({ length: 501 }, (_, i) => row(i)))));
    expect(many.json().message).toBe('You can only upload maximum 500 rows in one time.');
    const good = await upload(asXls(await fillTemplate(template, rows.slice(0, 2))), { type: 'application/octet-stream' });
    expect(good.json().data).toMatchObject({ imported: 2, skipped: 0, message: 'Upload Success!' });
    const stored = await h.call({ method: 'GET', url: `/api/entities/${CODE}?f.materialCode=M-0951`, token: supplier });
    expect(stored.body.data.items[0].doc).toMatchObject({ title: 'Cotton jersey 951', weight: 120 + (951 % 50), markets: ['CN', 'EU'], composition: [{ component: 'cotton', percentage: 95 }, { component: 'elastane', percentage: 5 }] });
    expect(await total()).toBe(504);
  });

  it('lets a TRF sample pick a material, and refuses deleting that material while the TRF holds it', async () => {
    const doc = { title: 'Sample fabric', materialCode: 'A-1', category: 'fabric', composition: [{ component: 'cotton', percentage: 100 }] };
    const made = await h.call({ method: 'POST', url: `/api/entities/${CODE}`, token: applicant, payload: { doc } });
    expect(made.status).toBe(201);
    const material = made.body.data;
    const options = await h.call({ method: 'GET', url: '/api/lookups/materials?q=sample', token: applicant, lang: 'en-US' });
    expect(options.body.data).toEqual([expect.objectContaining({ value: material.id, label: 'Sample fabric · Textile material' })]);
    const trf = await h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, payload: { doc: validTrf({ samples: [{ sampleNo: 'S-1', description: 'Knitted top', materialId: material.id }] }) } });
    expect(trf.status).toBe(201);
    const refused = await h.call({ method: 'DELETE', url: `/api/entities/${CODE}/${material.id}?version=1`, token: applicant, lang: 'en-US' });
    expect(refused.body).toMatchObject({ code: 409, errorCode: 'RECORD_BOUND', message: 'The selected material has been bounded to TRF' });
    const zh = await h.call({ method: 'DELETE', url: `/api/entities/${CODE}/${material.id}?version=1`, token: applicant, lang: 'zh-CN' });
    expect(zh.body.message).toBe('所选物料已关联 TRF');
    const unpicked = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.body.data.id}`, token: applicant, payload: { doc: validTrf(), version: 1 } });
    expect(unpicked.status).toBe(200);
    expect((await h.call({ method: 'DELETE', url: `/api/entities/${CODE}/${material.id}?version=1`, token: applicant })).status).toBe(200);
  });

  it('answers 404 in the user language for an entity without an import', async () => {
    const none = await h.call({ method: 'GET', url: '/api/entities/lab/import-template', token: supplier, lang: 'en-US' });
    expect(none.body).toMatchObject({ code: 404, message: 'Lab has no import' });
  });
});

function colName(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
