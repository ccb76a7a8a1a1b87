import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { completedTrf, reportDoc, uploadPdf } from '../support/reports.ts';
import { readXlsx } from '../support/read-exports.ts';

type Lang = 'zh-CN' | 'en-US';
type Line = [categoryCode: string, testName: string, conclusion: string];
interface Chart {
  id: string;
  series: { key: string; label: string }[];
  groups: { key: string; label: string; counts: Record<string, number>; total: number }[];
}

/**
 * The statistics pages (schemas/_statistics/statistics.json, server/statistics/): SQL aggregates
 * over a small fixture counted by hand — 3 issued reports of the applicant's TRFs and a draft one
 * (not counted), 1 issued report of the supplier's own TRF — with the visibility of the entity
 * routes, and the date-range and company rules with their messages in both languages.
 */
describe.each(BACKENDS)('statistics on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<'staff' | 'applicant' | 'supplier' | 'buyer' | 'agent', string> = { staff: '', applicant: '', supplier: '', buyer: '', agent: '' };

  const report = async (owner: string, trfDoc: Record<string, unknown>, doc: Record<string, unknown>, lines: Line[], issue = true) => {
    const trf = await completedTrf(h, { applicant: owner, staff: t.staff }, trfDoc);
    const made = await h.call({ method: 'POST', url: '/api/entities/report', payload: { doc: reportDoc(trf.id, await uploadPdf(h, t.staff), doc) }, token: t.staff });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    for (const [categoryCode, testName, conclusion] of lines) {
      const line = await h.call({ method: 'POST', url: '/api/entities/testLine', payload: { doc: { reportId: made.body.data.id, categoryCode, testName, conclusion } }, token: t.staff });
      if (line.status !== 201) throw new Error(JSON.stringify(line.body));
    }
    if (!issue) return;
    const issued = await h.call({ method: 'POST', url: `/api/entities/report/${made.body.data.id}/events`, payload: { type: 'ISSUE', version: made.body.data.version }, token: t.staff });
    if (issued.status !== 200) throw new Error(JSON.stringify(issued.body));
  };

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const who of Object.keys(t) as (keyof typeof t)[]) t[who] = await h.login(who);
    const dates = (issued: string) => ({ testStartDate: issued, reportIssuedDate: issued });
    await report(t.applicant, validTrf(), { conclusion: 'pass', marketSegment: 'Apparel', ...dates('2024-03-10') }, [['CHEM', 'Formaldehyde', 'pass'], ['CHEM', 'pH value', 'fail'], ['PHYS', 'Rubbing', 'pass']]);
    await report(t.applicant, validTrf(), { conclusion: 'fail', marketSegment: 'Footwear', ...dates('2024-03-20') }, [['CHEM', 'Formaldehyde', 'fail'], ['PHYS', 'Seam slippage', 'fail']]);
    await report(t.applicant, validTrf(), { conclusion: 'seeResult', marketSegment: 'Apparel', ...dates('2024-05-02') }, [['PHYS', 'Rubbing', 'seeResult']]);
    await report(t.applicant, validTrf(), { conclusion: 'fail', marketSegment: 'Apparel', ...dates('2024-04-01') }, [['CHEM', 'Lead', 'fail']], false);
    const supplierTrf = validTrf({ applicant: { companyId: 'c-supplier', name: 'Demo Supplier Co., Ltd.', contactName: 'Li', contactEmail: 'li@example.com' } });
    await report(t.supplier, supplierTrf, { conclusion: 'pass', marketSegment: 'Apparel', ...dates('2024-04-15') }, [['CHEM', 'pH value', 'pass']]);
  });
  afterAll(() => h.close());

  const stats = (page: string, query: string, token = t.staff, lang: Lang = 'en-US') => h.call({ method: 'GET', url: `/api/statistics/${page}?${query}`, token, lang });
  const YEAR = 'from=2024-01-01&to=2024-12-31';
  const chartsOf = async (page: string, query: string, token = t.staff): Promise<Record<string, Chart>> => {
    const res = await stats(page, query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Object.fromEntries((res.body.data.charts as Chart[]).map((c) => [c.id, c]));
  };
  const table = (c: Chart) => c.groups.map((g) => [g.label, g.counts.pass, g.counts.fail, g.counts.seeResult, g.total]);

  it('counts issued reports per month, in total, per product category and the test lines per category, for one company', async () => {
    const c = await chartsOf('executiveSummary', `${YEAR}&company=c-applicant`);
    expect(c.reportsByMonth!.series.map((s) => s.label)).toEqual(['Pass', 'Fail', 'See Result']);
    expect(table(c.reportsByMonth!)).toEqual([['2024-03', 1, 1, 0, 2], ['2024-05', 0, 0, 1, 1]]);
    expect(table(c.conclusionShare!).map((r) => r.slice(1))).toEqual([[1, 1, 1, 3]]);
    expect(table(c.productCategories!)).toEqual([['Apparel', 1, 0, 1, 2], ['Footwear', 0, 1, 0, 1]]);
    expect(table(c.testCategories!)).toEqual([['Chemical', 1, 2, 0, 3], ['Physical', 1, 1, 1, 3]]);
    expect(table(c.topFailingTests!)).toEqual([['Formaldehyde', 0, 1, 0, 1], ['pH value', 0, 1, 0, 1], ['Seam slippage', 0, 1, 0, 1]]);
  });

  it('narrows by the range and by a criterion instead of the company; physical and supplier pages filter the lines', async () => {
    // March 15–31 is most of March: its month less its first 14 days (the report of those days taken away).
    const march = await chartsOf('executiveSummary', 'from=2024-03-15&to=2024-04-30&company=c-applicant');
    expect(table(march.reportsByMonth!)).toEqual([['2024-03', 0, 1, 0, 1]]);
    const apparel = await chartsOf('executiveSummary', `${YEAR}&marketSegment=Apparel`);
    expect(table(apparel.conclusionShare!).map((r) => r.slice(1))).toEqual([[2, 0, 1, 3]]);
    const phys = await chartsOf('physicalTestPerformance', `${YEAR}&company=c-applicant`);
    expect(table(phys.physicalByTest!)).toEqual([['Rubbing', 1, 0, 1, 2], ['Seam slippage', 0, 1, 0, 1]]);
    expect(table(phys.physicalByProduct!)).toEqual([['Apparel', 1, 0, 1, 2], ['Footwear', 0, 1, 0, 1]]);
    const chem = await chartsOf('supplierPerformanceChemical', `${YEAR}&company=c-buyer`);
    expect(table(chem.chemicalBySupplier!)).toEqual([['Demo Applicant Co., Ltd.', 1, 2, 0, 3], ['Demo Supplier Co., Ltd.', 1, 0, 0, 1]]);
  });

  it('counts a range crossing month edges as the days in it: months from the monthly roll-up, edge days added from the daily rows or, for a month mostly in the range, taken away', async () => {
    const across = await chartsOf('executiveSummary', 'from=2024-03-15&to=2024-05-02&company=c-buyer');
    expect(table(across.reportsByMonth!)).toEqual([['2024-03', 0, 1, 0, 1], ['2024-04', 1, 0, 0, 1], ['2024-05', 0, 0, 1, 1]]);
    expect(table(across.testCategories!)).toEqual([['Chemical', 1, 1, 0, 2], ['Physical', 0, 1, 1, 2]]);
    // The edges moved past the reports of 2024-03-20 and 2024-05-02: April alone, whole.
    const shorter = await chartsOf('executiveSummary', 'from=2024-03-21&to=2024-05-01&company=c-buyer');
    expect(table(shorter.reportsByMonth!)).toEqual([['2024-04', 1, 0, 0, 1]]);
    // April not whole: its days before the 15th hold nothing.
    const partial = await chartsOf('executiveSummary', 'from=2024-03-01&to=2024-04-14&company=c-buyer');
    expect(table(partial.reportsByMonth!)).toEqual([['2024-03', 1, 1, 0, 2]]);
    expect(table(partial.conclusionShare!).map((r) => r.slice(1))).toEqual([[1, 1, 0, 2]]);
  });

  it('counts only what the user may see, like the entity lists', async () => {
    const suppliersOf = async (token: string, company: string) => table((await chartsOf('supplierPerformanceOverall', `${YEAR}&company=${company}`, token)).suppliersReports!);
    expect(await suppliersOf(t.buyer, 'c-buyer')).toEqual([['Demo Applicant Co., Ltd.', 1, 1, 1, 3], ['Demo Supplier Co., Ltd.', 1, 0, 0, 1]]);
    expect(await suppliersOf(t.supplier, 'c-supplier')).toEqual([['Demo Supplier Co., Ltd.', 1, 0, 0, 1]]);
    // Another company's reports, asked for by name: nothing the user cannot list.
    expect(await suppliersOf(t.supplier, 'c-applicant')).toEqual([]);
    expect(await suppliersOf(t.agent, 'c-buyer')).toEqual([]);
    const lists = await h.call({ method: 'GET', url: '/api/entities/report?pageSize=50', token: t.supplier });
    expect(lists.body.data.total).toBe(1);
  });

  it('refuses ranges that are missing, before the data, reversed or longer than a year, and asks for a company, in both languages', async () => {
    const cases: [string, number, string, string][] = [
      ['to=2024-12-31&company=c-applicant', 400, '请选择开始日期和结束日期', 'Choose the start date and the end date'],
      ['from=2024-02-30&to=2024-12-31&company=c-applicant', 400, '日期格式应为 YYYY-MM-DD', 'Dates must be written YYYY-MM-DD'],
      ['from=2021-12-31&to=2022-06-30&company=c-applicant', 400, '开始日期不能早于 2022-01-01（此前没有数据）', 'The start date cannot be before 2022-01-01 (there is no data before it)'],
      ['from=2024-05-01&to=2024-04-30&company=c-applicant', 400, '结束日期不能早于开始日期', 'The end date cannot be before the start date'],
      ['from=2023-01-01&to=2024-01-02&company=c-applicant', 400, '日期范围最长为 366 天（一年），请缩小范围', 'The date range can be at most 366 days (one year): narrow it'],
      [YEAR, 400, '请选择公司，或选择市场细分', 'Choose a company, or a Market segment'],
    ];
    for (const [query, status, zh, en] of cases) {
      const [a, b] = [await stats('executiveSummary', query, t.staff, 'zh-CN'), await stats('executiveSummary', query, t.staff, 'en-US')];
      expect([a.status, a.body.message, b.status, b.body.message], query).toEqual([status, zh, status, en]);
    }
    expect((await stats('executiveSummary', 'from=2024-01-01&to=2024-12-31&company=c-applicant')).status).toBe(200);
    expect((await stats('noSuchPage', YEAR)).status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/api/statistics/executiveSummary?${YEAR}&company=c-applicant` })).status).toBe(401);
  });

  it('shows an empty range as charts without groups', async () => {
    const c = await chartsOf('executiveSummary', 'from=2022-01-01&to=2022-12-31&company=c-applicant');
    expect(Object.values(c).map((x) => x.groups.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('exports a chart and a whole page as xlsx, labelled in the language', async () => {
    const download = (query: string, lang: Lang) =>
      h.app.inject({ method: 'GET', url: `/api/statistics/executiveSummary/export?${query}`, headers: { 'portico-auth': `bearer ${t.staff}`, 'accept-language': lang } });
    const res = await download(`${YEAR}&company=c-applicant&chart=testCategories`, 'zh-CN');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(await readXlsx(res.rawPayload)).toEqual([['分组', '通过', '不通过', '见结果', '合计'], ['化学测试', '1', '2', '0', '3'], ['物理测试', '1', '1', '1', '3']]);
    const page = await download(`${YEAR}&company=c-applicant`, 'en-US');
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(page.rawPayload as unknown as ArrayBuffer);
    expect(all.worksheets.map((w) => w.name)).toEqual(['1 Report conclusions by month', '2 Share of report conclusions', '3 Pass rate by month', '4 Results by test category', '5 Report conclusions by product', '6 Top failing tests']);
    const rates = all.worksheets[2]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rates).toEqual([['Group', 'Pass', 'Pass %', 'Fail', 'Fail %', 'See Result', 'See Result %', 'Total'], ['2024-03', 1, 50, 1, 50, 0, 0, 2], ['2024-05', 0, 0, 0, 0, 1, 100, 1]]);
    const refused = await download('from=2024-01-01&company=c-applicant', 'en-US');
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Choose the start date and the end date']);
  });
});
