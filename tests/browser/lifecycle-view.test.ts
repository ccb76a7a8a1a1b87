import { describe, expect, it } from 'vitest';
import { usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { validTrf } from '../support/api-harness.ts';

/** "View lifecycle" from a TRF's detail page (live mode), and the machine list for internal staff. */
const portalServer = usePortal();

describe('lifecycle view', () => {
  it('shows a submitted TRF on its machine: current state, what this user may do now, what not', async () => {
    const portal = await portalServer.signedIn('applicant', 'en-US', '/trf/newList');
    const { page } = portal;
    const trf = await portal.api<{ id: string; version: number }>('POST', '/api/entities/trf', { doc: validTrf() });
    await portal.api('POST', `/api/entities/trf/${trf.id}/events`, { type: 'SUBMIT', version: trf.version });
    await page.goto(`${portalServer.url}/trf/trfDetail?id=${trf.id}`);
    await page.getByTestId('view-lifecycle').click();
    const live = page.getByTestId('statechart-live');
    await live.waitFor();
    await expect.poll(() => live.locator('[data-state-id]').allTextContents(), POLL).toEqual(expect.arrayContaining(['Submitted']));
    await expect.poll(() => live.locator('[data-event="WITHDRAW"][data-permitted]').getAttribute('data-permitted'), POLL).toBe('true');
    expect(await live.locator('[data-event="ACCEPT_APPLICATION"][data-permitted]').getAttribute('data-permitted')).toBe('false');
    await expect.poll(() => page.getByTestId('lifecycle-drawer').locator('svg text').count(), POLL).toBeGreaterThan(20);
    // Drawn from the layout the build made (no ELK on the page): the TRF's labels are the static ones.
    expect(await page.getByTestId('lifecycle-drawer').locator('[data-layout-source]').getAttribute('data-layout-source')).toBe('shipped');
    await portal.shot('lifecycle-live', false);
    await page.context().close();
  });

  it('lists every registered machine for internal staff and opens one in the viewer, in Chinese', async () => {
    const portal = await portalServer.signedIn('staff', 'zh-CN', '/trf/newList');
    const { page } = portal;
    await page.goto(`${portalServer.url}/workflows`);
    await page.getByText('测试申请单', { exact: false }).first().waitFor();
    // Opened cold (a reload): the shell appears with the chart in one pass, without a loading
    // fallback in between (a shown fallback would hold the page back 300 ms: routes/prefetch.ts).
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      let batch = 0;
      (window as unknown as { firstSeen: typeof seen }).firstSeen = seen;
      new MutationObserver(() => {
        batch++;
        const marks = { shell: '[data-testid="shell-header"]', chart: '[data-testid="workflow-viewer"] svg text', shellSpinner: '[data-testid="shell-content"] .ant-spin' };
        for (const [name, selector] of Object.entries(marks)) if (!(name in seen) && document.querySelector(selector)) seen[name] = batch;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${portalServer.url}/workflows/trf`);
    // The app's chart, not the server's first paint (which has the same texts from the start).
    await expect.poll(() => page.getByTestId('workflow-viewer').locator('svg text').allTextContents(), POLL).toEqual(expect.arrayContaining(['草稿', '报告已签发']));
    const seen = await page.evaluate(() => (window as unknown as { firstSeen: Record<string, number> }).firstSeen);
    expect(seen.shell).toBeGreaterThan(0);
    expect(seen).toEqual({ shell: seen.shell, chart: seen.shell });
    const chart = page.getByTestId('workflow-viewer').locator('[data-layout-source]');
    expect([await chart.getAttribute('data-layout-source'), await chart.getAttribute('data-layout-attempt')]).toEqual(['shipped', 'layered']);
    await portal.shot('workflow-viewer', false);
    // Fitted by the browser (the chart's viewBox) to its frame's width, never below a readable scale:
    // as wide as the frame at most, and what is taller than the frame scrolls. Zooming moves it by a
    // transform from that fitted view; Fit gives the browser the fitting back.
    const svg = chart.locator('svg');
    const drawing = svg.locator(':scope > g');
    expect(await svg.getAttribute('data-view')).toBe('fitted');
    const [frame, fitted] = [(await chart.boundingBox())!, (await drawing.boundingBox())!];
    expect(fitted.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(fitted.y).toBeGreaterThanOrEqual(frame.y - 1);
    const scrolls = await chart.evaluate((el) => ({ x: el.scrollWidth > el.clientWidth + 1, y: el.scrollHeight > el.clientHeight + 1 }));
    expect(fitted.x + fitted.width <= frame.x + frame.width + 1 || scrolls.x).toBe(true);
    expect(fitted.y + fitted.height <= frame.y + frame.height + 1 || scrolls.y).toBe(true);
    await page.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => svg.getAttribute('data-view'), POLL).toBe('moved');
    const zoomed = (await drawing.boundingBox())!;
    expect(zoomed.width / fitted.width).toBeCloseTo(1.25, 1);
    await page.getByRole('button', { name: '适应窗口' }).click();
    await expect.poll(() => svg.getAttribute('data-view'), POLL).toBe('fitted');
    expect((await drawing.boundingBox())!.width).toBeCloseTo(fitted.width, 0);
    // The simulation loads when its tab is opened: a draft's SUBMIT takes it to submitted.
    await page.getByRole('tab', { name: '模拟' }).click();
    const simulation = page.getByTestId('statechart-simulation');
    await simulation.locator('button[data-edge-id="trf.status.draft|SUBMIT|0"]').click();
    await expect.poll(() => simulation.locator('[data-state-id="submitted"][data-active="true"]').count(), POLL).toBe(1);
    await page.context().close();
  });
  it('shows the chart the server drew at once on a cold open, where the app then draws it, and then only the app', async () => {
    const portal = await portalServer.signedIn('staff', 'en-US', '/trf/newList');
    const { page } = portal;
    // The page's head script has told the server the look (en-US, light) for the next cold open.
    await page.goto(`${portalServer.url}/workflows`);
    await page.getByText('Test request form', { exact: false }).first().waitFor();
    await page.addInitScript(() => {
      const seen: { shown?: boolean; texts?: number; box?: number[]; gone?: boolean; appChartFirst?: boolean } = {};
      (window as unknown as { firstPaint: typeof seen }).firstPaint = seen;
      new MutationObserver(() => {
        const paint = document.getElementById('first-paint');
        const appChart = document.querySelector('#root [data-layout-source] svg');
        if (paint) {
          seen.shown ??= getComputedStyle(paint).display === 'block';
          const svg = paint.querySelector('svg');
          if (svg) {
            const r = svg.getBoundingClientRect();
            seen.box = [r.x, r.y, r.width, r.height].map(Math.round);
            seen.texts = svg.querySelectorAll('text').length;
          }
        } else if (seen.shown !== undefined && !seen.gone) {
          seen.gone = true;
          seen.appChartFirst = appChart !== null;
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${portalServer.url}/workflows/trf`);
    const appChart = page.getByTestId('workflow-viewer').locator('[data-layout-source] svg');
    await expect.poll(() => appChart.locator('text').count(), POLL).toBeGreaterThan(20);
    await expect.poll(() => page.evaluate(() => (window as unknown as { firstPaint: { gone?: boolean } }).firstPaint.gone), POLL).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { firstPaint: { shown: boolean; texts: number; box: number[]; appChartFirst: boolean } }).firstPaint);
    expect(seen.shown).toBe(true);
    // The same drawing in the same place: the app takes over without the chart moving.
    expect(seen.texts).toBe(await appChart.locator('text').count());
    const box = (await appChart.boundingBox())!;
    expect(seen.box).toEqual([box.x, box.y, box.width, box.height].map(Math.round));
    // Taken away only once the app's own chart was there, and nothing of it is left.
    expect(seen.appChartFirst).toBe(true);
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await page.getByRole('img', { name: 'Test request form' }).count()).toBe(1);

    // Behind a locked screen it is not shown: the lock screen is what a cold open shows.
    await page.evaluate(() => localStorage.setItem('portico-isLock', JSON.stringify({ type: 'boolean', content: true, datetime: Date.now() })));
    await page.goto(`${portalServer.url}/workflows/trf`);
    await page.getByTestId('lock-page').waitFor();
    const locked = await page.evaluate(() => (window as unknown as { firstPaint: { shown?: boolean } }).firstPaint);
    expect(locked.shown).toBe(false);
    expect(await page.locator('#first-paint').count()).toBe(0);
    await page.context().close();
  });
});
