import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { completedTrf, issuedReport } from '../support/reports.ts';
import { productMenu, productStatistics } from '../../engine/index.ts';
import { syncStatisticsSources } from '../../server/statistics/statistics-sources.ts';

/**
 * The daily pre-aggregate and its monthly roll-up the statistics read (server/db/statistics-daily.ts,
 * statistics-monthly.ts): after every kind of
 * write to the records — through the API, and straight in SQL (a report's date and criterion moved,
 * a line's result changed, a line deleted, a report deleted) — the trigger-maintained counts equal
 * a rebuild from the records, and the statistics follow (over whole months and edge days).
 */
describe.each(BACKENDS)('statistics daily pre-aggregate on %s', (backend) => {
  let h: ApiHarness;
  let staff = '';
  let applicant = '';
  const reportIds: string[] = [];

  /** The aggregate's non-zero rows, in a stable order. */
  const counted = async () =>
    (
      await h.db.query<Record<string, unknown>>(
        `select source, day, scope_state, scope_visible, source_state, source_visible, company_id, parent_company, sdims::text as sdims, rdims::text as rdims, sum(n)::int as n
         from statistics_daily group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 having sum(n) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
      )
    ).rows;
  /** The monthly roll-up's non-zero rows, in a stable order. */
  const countedMonthly = async () =>
    (
      await h.db.query<Record<string, unknown>>(
        `select source, month, scope_state, scope_visible, source_state, source_visible, company_id, parent_company, sdims::text as sdims, rdims::text as rdims, sum(n)::int as n
         from statistics_monthly group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 having sum(n) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
      )
    ).rows;
  /** The maintained counts (daily and monthly) against a rebuild from the records (which then stands). */
  const expectConsistent = async () => {
    const maintained = await counted();
    const monthly = await countedMonthly();
    await h.db.query('select statistics_rebuild()');
    expect(maintained).toEqual(await counted());
    expect(monthly).toEqual(await countedMonthly());
    return maintained;
  };
  const conclusionShare = async () => {
    const res = await h.call({ method: 'GET', url: '/api/statistics/executiveSummary?from=2024-01-01&to=2024-12-31&company=c-applicant', token: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const charts = res.body.data.charts as { id: string; groups: { counts: Record<string, number>; total: number }[] }[];
    return charts.find((c) => c.id === 'conclusionShare')!.groups.map((g) => g.total);
  };
  const lineCount = async () => {
    const res = await h.call({ method: 'GET', url: '/api/statistics/executiveSummary?from=2024-01-01&to=2024-12-31&company=c-applicant', token: staff });
    const charts = res.body.data.charts as { id: string; groups: { total: number }[] }[];
    return charts.find((c) => c.id === 'testCategories')!.groups.reduce((a, g) => a + g.total, 0);
  };

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
    for (const [issued, segment] of [['2024-03-10', 'Apparel'], ['2024-06-20', 'Footwear']] as const) {
      const trf = await completedTrf(h, { applicant, staff }, validTrf());
      const lines = ['pass', 'fail'].map((conclusion) => ({ categoryCode: 'CHEM', testName: 'Lead', conclusion }));
      const report = await issuedReport(h, trf.id, staff, { conclusion: 'pass', marketSegment: segment, testStartDate: issued, reportIssuedDate: issued }, lines);
      reportIds.push(report.id);
    }
  });
  afterAll(() => h.close());

  it('equals a rebuild after the API writes (reports made, issued, lines added)', async () => {
    expect((await expectConsistent()).length).toBeGreaterThan(0);
    expect(await conclusionShare()).toEqual([2]);
    expect(await lineCount()).toBe(4);
  });

  it('follows a report moved out of the range and a changed line, in SQL', async () => {
    await h.db.query(`update records set doc = jsonb_set(doc, '{reportIssuedDate}', '"2025-01-05"') where id = $1`, [reportIds[1]]);
    await h.db.query(`update records set doc = jsonb_set(doc, '{conclusion}', '"seeResult"') where entity = 'testLine' and parent_id = $1 and doc ->> 'conclusion' = 'pass'`, [reportIds[0]]);
    await expectConsistent();
    expect(await conclusionShare()).toEqual([1]);
    expect(await lineCount()).toBe(2);
  });

  it('follows deleted lines and a deleted report', async () => {
    await h.db.query(`delete from records where entity = 'testLine' and parent_id = $1 and doc ->> 'conclusion' = 'fail'`, [reportIds[0]]);
    await expectConsistent();
    expect(await lineCount()).toBe(1);
    await h.db.query(`update records set doc = jsonb_set(doc, '{reportIssuedDate}', '"2024-07-01"') where id = $1`, [reportIds[1]]);
    await h.db.query(`delete from records where entity = 'testLine' and parent_id = $1`, [reportIds[0]]);
    await h.db.query(`delete from records where id = $1`, [reportIds[0]]);
    const rows = await expectConsistent();
    expect(rows.every((r) => r.day === '2024-07-01')).toBe(true);
    expect(await conclusionShare()).toEqual([1]);
    expect(await lineCount()).toBe(2);
  });

  it('is written once when processes start together on a changed declaration (they take turns, none deadlocks)', async () => {
    const before = await counted();
    const sources = async () => (await h.db.query<{ source: string }>('select source from statistics_sources order by source')).rows.map((r) => r.source);
    const wanted = await sources();
    await h.db.query('delete from statistics_sources');
    const decl = productStatistics(h.registry, new Set(productMenu().pages.map((p) => p.path)));
    // On PostgreSQL each start's transaction has a connection of its own, as two processes' would.
    await Promise.all([syncStatisticsSources(h.db, decl, h.registry), syncStatisticsSources(h.db, decl, h.registry)]);
    expect(await sources()).toEqual(wanted);
    expect(await expectConsistent()).toEqual(before);
  });
});
