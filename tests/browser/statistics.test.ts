import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STATISTICS_DECLARATION, text, type Language } from '../../engine/index.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { ui } from './portal-texts.ts';
import { readXlsx } from '../support/read-exports.ts';

/**
 * The statistics pages and the dashboard in the browser (issue 18), on the demo data (its bulk
 * history of reports and test lines, 2022–2026): a buyer opens each declared statistics page in
 * both languages, chooses a year, sees every chart drawn (a canvas) with its table, exports one
 * chart's data and reads the file back (the rows the table shows), saves one chart as PNG, sees the
 * empty state for a range without data and the server's message for a range over a year. The
 * dashboard's counts are the totals of the lists they open.
 */
const portal = usePortal({ demoRecords: true });

/** Types a date range into the page's range picker (antd: start, then end, each confirmed). */
async function chooseRange(page: Page, id: string, from: string, to: string): Promise<void> {
  const inputs = statisticsPage(page, id).locator('.ant-picker-range input');
  for (const [i, value] of [from, to].entries()) {
    await inputs.nth(i).click();
    await inputs.nth(i).fill(value);
    await inputs.nth(i).press('Enter');
  }
  await expect.poll(() => inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), POLL).toEqual([from, to]);
}

/** A statistics page (pages stay mounted in their tabs: each is found by its id). */
const statisticsPage = (page: Page, id: string) => page.locator(`[data-testid=statistics][data-page=${id}]`);

/** The first column of a chart card's table: its groups as shown. */
const tableGroups = (page: Page, chart: string) => page.locator(`[data-chart=${chart}] .ant-table-tbody tr.ant-table-row td:first-child`).allTextContents();

describe('statistics pages and dashboard in the browser', () => {
  const cases = STATISTICS_DECLARATION.pages.flatMap((declared, i) => [{ declared, lang: (i % 2 ? 'en-US' : 'zh-CN') as Language }, { declared, lang: (i % 2 ? 'zh-CN' : 'en-US') as Language }]);
  it.each(cases)('$declared.id draws its charts for a chosen year and exports a chart ($lang)', async ({ declared, lang }) => {
    // The login leads back to the page asked for.
    const p = await portal.open(lang, declared.path);
    await p.logIn('buyer', DEMO_PASSWORD);
    const { page } = p;
    await page.waitForURL((u) => u.pathname === declared.path);
    const shown = statisticsPage(page, declared.id);
    await p.seeText(text(declared.label, lang), shown);
    await chooseRange(page, declared.id, '2024-01-01', '2024-12-31');
    await shown.locator('[data-action=search]').click();
    await shown.locator('[data-loaded=true]').waitFor();
    // Every declared chart is there, drawn (a canvas) — the demo year has data for each.
    await expect.poll(() => shown.locator('[data-chart]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart'))), POLL).toEqual(declared.charts.map((c) => c.id));
    await expect.poll(() => shown.locator('[data-chart] [data-chart-canvas] canvas').count(), POLL).toBe(declared.charts.length);
    for (const c of declared.charts) await p.seeText(text(c.label, lang), shown.locator(`[data-chart=${c.id}]`));
    // The first chart's data as xlsx: the groups the table shows, in order.
    const first = declared.charts[0]!.id;
    const [download] = await Promise.all([page.waitForEvent('download'), shown.locator(`[data-chart=${first}] [data-action=xlsx]`).click()]);
    const rows = await readXlsx(readFileSync((await download.path())!));
    expect(rows[0]![0]).toBe(ui(lang, 'statistics.group'));
    expect(rows.slice(1).map((r) => r[0])).toEqual(await tableGroups(page, first));
    await p.shot(`statistics-${declared.id}`);
    // A chart as PNG.
    const [png] = await Promise.all([page.waitForEvent('download'), shown.locator('[data-chart] [data-action=png]').first().click()]);
    expect(readFileSync((await png.path())!).subarray(1, 4).toString()).toBe('PNG');
    expect(png.suggestedFilename()).toMatch(/2024-01-01_2024-12-31\.png$/);
    // A range with no data: the empty state, no chart.
    await chooseRange(page, declared.id, '2022-01-01', '2022-01-01');
    await shown.locator('[data-action=search]').click();
    await expect.poll(() => shown.locator('[data-chart] [data-empty]').count(), POLL).toBe(declared.charts.length);
    expect(await shown.locator('[data-chart] canvas').count()).toBe(0);
    // A range over a year: the server's message in the language.
    await chooseRange(page, declared.id, '2023-01-01', '2024-06-30');
    await shown.locator('[data-action=search]').click();
    await p.seeText(lang === 'zh-CN' ? '日期范围最长为 366 天（一年），请缩小范围' : 'The date range can be at most 366 days (one year): narrow it', shown.getByTestId('statistics-error'));
    await page.context().close();
  });

  it.each<Language>(['zh-CN', 'en-US'])('the dashboard counts what the lists it opens show (%s)', async (lang) => {
    const p = await portal.open(lang, '/wel/index');
    await p.logIn('buyer', DEMO_PASSWORD);
    const { page } = p;
    const dashboard = page.getByTestId('dashboard');
    const count = (state: string) => dashboard.locator(`[data-tile=states][data-entity=trf] [data-state=${state}] .ant-statistic-content-value`).textContent().then((s) => Number(s?.replace(/,/g, '')));
    await expect.poll(() => count('reportIssued'), POLL).toBeGreaterThan(1000);
    const issued = await count('reportIssued');
    await dashboard.locator('[data-tile=states][data-entity=trf] [data-state=reportIssued]').click();
    await page.waitForURL(/\/trf\/newList\?f\.%24status=reportIssued/);
    await p.seeText(ui(lang, 'renderer.list.total', { total: issued }));
    // The latest reports, with their conclusions, open their report.
    await page.getByTestId('main-menu').getByText(ui(lang, 'route.dashboard'), { exact: true }).click();
    const recent = dashboard.locator('[data-tile=recent][data-entity=report]');
    await expect.poll(() => recent.locator('[data-record]').count(), POLL).toBe(5);
    await expect.poll(() => recent.locator('[data-tag]').count(), POLL).toBe(5);
    await p.shot('dashboard-tiles');
    const firstReport = (await recent.locator('[data-record] a').first().textContent())!;
    await recent.locator('[data-record] a').first().click();
    await page.waitForURL(/\/report\/detail\?id=/);
    await p.seeText(firstReport, page.getByTestId('entity-detail'));
    await page.context().close();
  });
});
