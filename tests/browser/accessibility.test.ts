import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '../../engine/index.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { createTemplate, drag } from './designer-steps.ts';

/**
 * axe-core on the login, registration, TRF list, form and detail, designer, account posts, document
 * library and statistics pages, in both languages: no serious or critical violation.
 */
const portalServer = usePortal({ demoRecords: true });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * Known and left, with the reason (see the closing notes of issues 13 and 15): antd's Tabs put the
 * "more tabs" operations button inside the element with role tablist, which axe's
 * aria-required-children rule refuses; the tabs themselves are reachable and named.
 */
const LEFT = [
  { id: 'aria-required-children', target: /\.ant-tabs-nav/ },
  // Known and left (issue 15 closing note): a list with row selection (declared exports) makes antd's Table
  // render its zero-height, aria-hidden column-measuring row, which axe counts as holding focusable content.
  { id: 'aria-hidden-focus', target: /\.ant-table-measure-row/ },
];

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are measured as they end, not halfway through a transition (a button just enabled
  // fades in); the style goes again afterwards, since antd's motion waits for its animations.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  // Evaluated through the browser's debugging protocol: the portal's CSP refuses an injected inline script.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } }).axe.run;
    return (await run(document, { resultTypes: ['violations'] })).violations;
  });
  await still.evaluate((el) => (el as Element).remove());
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !LEFT.some((l) => l.id === v.id && l.target.test(n.target.join(' ')))) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
}

describe.each<Language>(['zh-CN', 'en-US'])('accessibility (%s)', (lang) => {
  it('login, registration, TRF list, form and detail, quotations and invoices, designer: no serious or critical axe violation', async () => {
    const trf = trfTexts(lang);
    const portal = await portalServer.open(lang);
    const { page } = portal;
    const found: Record<string, string[]> = {};
    found.login = await seriousViolations(page);

    await page.goto(`${portalServer.url}/register`);
    await page.getByTestId('account-form').waitFor();
    found.registration = await seriousViolations(page);

    await page.goto(`${portalServer.url}/login`);
    await portal.logIn('applicant', DEMO_PASSWORD);
    await page.goto(`${portalServer.url}/trf/newList`);
    await page.locator('.ant-table-row').first().waitFor();
    found.trfList = await seriousViolations(page);

    await page.locator('.ant-table-row a').first().click();
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    await expect.poll(() => portal.stateTag(), POLL).not.toBe('');
    found.trfDetail = await seriousViolations(page);

    await page.goto(`${portalServer.url}/trf/trfForm`);
    await portal.seeText(ui(lang, 'renderer.form.newTitle', { entity: trf.entity }));
    await page.locator('[data-section=service] form, [data-section=service] .ant-form-item').first().waitFor();
    found.trfForm = await seriousViolations(page);

    // The payer's quotations, statements and invoices to act on (the demo's), with row actions.
    await page.goto(`${portalServer.url}/todo/quotationAndInvoice/quotationAndInvoice`);
    await page.locator('.ant-table-row [data-testid=row-action-CONFIRM]').first().waitFor();
    found.quotationAndInvoice = await seriousViolations(page);
    await portal.logOut();

    await portal.logIn('staff', DEMO_PASSWORD);
    await page.goto(`${portalServer.url}/form/list`);
    await createTemplate(page, `a11y${lang.replace('-', '')}`, { zh: '无障碍表单', en: 'Accessibility form' }, ui(lang, 'designer.list.create'));
    await drag(page, 'palette-text', 'canvas-zone-root');
    await page.getByTestId('canvas-field-text1').waitFor();
    found.designer = await seriousViolations(page);

    await page.goto(`${portalServer.url}/accountPost/index`);
    await page.getByTestId('account-posts').locator('.ant-table-row').first().waitFor();
    found.accountPosts = await seriousViolations(page);

    // The document library (a generic list of the demo's documents) and a statistics page before a search.
    await page.goto(`${portalServer.url}/document/list`);
    await page.locator('.ant-table-row').first().waitFor();
    found.documents = await seriousViolations(page);
    await page.goto(`${portalServer.url}/statistics/executiveSummary`);
    await page.getByTestId('statistics').waitFor();
    found.statistics = await seriousViolations(page);

    expect(found).toEqual({ login: [], registration: [], trfList: [], trfDetail: [], trfForm: [], quotationAndInvoice: [], designer: [], accountPosts: [], documents: [], statistics: [] });
    await page.context().close();
  });
});
