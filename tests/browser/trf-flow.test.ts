import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';
import { issueReportByApi } from './report-steps.ts';

/**
 * The TRF from draft to report issued, through the real server and the built client: the applicant creates one from a template and submits it; the lab's staff
 * accepts it, confirms the sample, tests and issues the report. Screenshots go to test-results/.
 */
/** A minimal PDF for the attachment upload. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const portalServer = usePortal();

// One language (CI time): the forms' labels in the other are checked by the session and editing tests.
describe('TRF lifecycle in the browser', () => {
  it.each<Language>(['en-US'])('applicant drafts and submits a TRF; staff takes it to Report Issued (%s)', async (lang) => {
    const trf = trfTexts(lang);
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await portal.shot('login');

    // The login form checks its own fields before anything is sent.
    await page.locator('#login-account').fill('applicant');
    await page.locator('#login-password').fill('123');
    await portal.button(ui(lang, 'login.submit')).click();
    await portal.seeText(ui(lang, 'login.passwordTooShort'));
    await portal.seeText(ui(lang, 'login.termsRequired'));

    // The applicant logs in and lands where the guard sent them from.
    await portal.logIn('applicant', PASSWORD);
    await page.waitForURL(/\/trf\/newList/);
    await portal.seeText(trf.field('trfNo'));
    await portal.shot('list-empty');

    // New TRF from a template, with an invalid date order first.
    await portal.button(ui(lang, 'renderer.list.new')).click();
    await page.waitForURL(/\/trf\/trfForm$/);
    await portal.seeText(ui(lang, 'renderer.form.newTitle', { entity: trf.entity }));
    const template = await portal.pick('root_template');
    expect(template.length).toBeGreaterThan(0);
    await portal.typeDate('root_sampleReceivedDate', '2026-11-20');
    await portal.typeDate('root_dueDate', '2026-11-10');
    await page.locator('#root_buyer_name').fill(lang === 'zh-CN' ? '示例买家有限公司' : 'Example Buyer Ltd.');
    await page.locator('#root_buyer_contactName').fill('Li Lei');
    await page.locator('#root_buyer_contactEmail').fill('li.lei@example.com');
    await page.locator('[data-section=samples] input[type=file]').setInputFiles({ name: 'request-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await portal.seeText('request-letter.pdf', page.locator('[data-section=samples]'));
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await portal.seeText(trf.message('dueDate', 'formatMinimum'), page.locator('[data-section=basic]'));
    await portal.seeText(ui(lang, 'renderer.form.invalid'));
    await portal.shot('form-invalid', false);

    // Corrected, it saves as a draft and opens on its detail page.
    await portal.typeDate('root_dueDate', '2026-11-30');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    const detailUrl = page.url();
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('draft'));
    const trfNo = (await page.getByTestId('detail-title').textContent()) ?? '';
    expect(trfNo).toMatch(/^TRF\d+/);
    await portal.seeText(template, page.locator('[data-section=basic]'));
    await page.locator('[data-section=samples]').getByRole('link', { name: 'request-letter.pdf' }).waitFor();
    await expect.poll(() => page.title(), POLL).toBe(`${trf.entity} ${trfNo} - ${ui(lang, 'app.title')}`);
    await portal.shot('detail-draft');

    await portal.act(trf.action('SUBMIT'));
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('submitted'));
    await portal.logOut();

    // Staff finds it in the list and moves it along. The dashboard, open in its tab from the
    // login on (kept mounted), and the list count and show the new state without a reload: the
    // action invalidates the entity's cached lists.
    await portal.logIn('staff', PASSWORD);
    await portal.openMenu(ui(lang, 'route.dashboard'));
    const count = (state: string) => page.getByTestId('dashboard').locator(`[data-entity=trf] [data-state=${state}] .ant-statistic-content-value`).textContent().then(Number);
    await expect.poll(() => count('submitted'), POLL).toBeGreaterThan(0);
    const [submitted, accepted] = [await count('submitted'), await count('applicationAccepted')];
    await portal.openMenu(trf.entity);
    await portal.seeText(trf.status('submitted'), page.locator('tr', { hasText: trfNo }));
    await page.getByRole('link', { name: trfNo }).click();
    await page.waitForURL(detailUrl);
    await portal.act(trf.action('ACCEPT_APPLICATION'));
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('applicationAccepted'));
    await portal.button(ui(lang, 'renderer.common.back'), page.getByTestId('entity-detail')).click();
    await portal.seeText(trf.status('applicationAccepted'), page.locator('tr', { hasText: trfNo }));
    await portal.openMenu(ui(lang, 'route.dashboard'));
    await expect.poll(() => count('submitted'), POLL).toBe(submitted - 1);
    await expect.poll(() => count('applicationAccepted'), POLL).toBe(accepted + 1);
    await portal.openMenu(trf.entity);
    await page.getByRole('link', { name: trfNo }).click();
    await page.waitForURL(detailUrl);

    await portal.act(trf.action('CONFIRM_SAMPLE_RECEIVED'), async (dialog) => {
      await portal.seeText(trf.field('sampleReceivedDate'), dialog);
      await expect.poll(() => dialog.locator('input').first().inputValue(), POLL).toBe('2026-11-20');
      await portal.typeDate('root_sampleReceivedDate', '2026-11-21');
      await portal.shot('payload-dialog');
      await portal.button(trf.action('CONFIRM_SAMPLE_RECEIVED'), dialog).click();
    });
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('accepted'));

    await portal.act(trf.action('START_TESTING'));
    await portal.act(trf.action('COMPLETE_TESTING'));
    // Report Issued needs the TRF's issued report (its own flow: tests/browser/report-flow.test.ts).
    await issueReportByApi(portal, new URL(page.url()).searchParams.get('id')!, trfNo);
    await portal.act(trf.action('ISSUE_REPORT'), async (dialog) => {
      await portal.seeText(trf.confirm('ISSUE_REPORT'), dialog);
      await portal.button(trf.action('ISSUE_REPORT'), dialog).click();
    });
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('reportIssued'));

    // The history lists every transition, in the language.
    const history = page.getByTestId('history');
    for (const event of ['SUBMIT', 'ACCEPT_APPLICATION', 'CONFIRM_SAMPLE_RECEIVED', 'START_TESTING', 'COMPLETE_TESTING', 'ISSUE_REPORT']) {
      await portal.seeText(trf.action(event), history);
    }
    await portal.seeText(`${trf.status('completed')} → ${trf.status('reportIssued')}`, history);
    await portal.seeText('2026-11-21', history);
    await portal.shot('detail-report-issued');

    // The list shows it as issued.
    await portal.openMenu(trf.entity);
    const row = page.locator('tr', { hasText: trfNo });
    await portal.seeText(trf.status('reportIssued'), row);
    await portal.shot('list');

    await page.getByTestId('main-menu').getByText(ui(lang, 'route.dashboard'), { exact: true }).click();
    await portal.seeText(trf.status('reportIssued'), page.getByTestId('dashboard'));
    await portal.shot('dashboard');
    await page.getByTestId('dashboard').locator('[data-state=reportIssued]').click();
    await page.waitForURL(/\/trf\/newList\?f\.%24status=reportIssued/);
    await portal.seeText(trfNo, page.locator('tr', { hasText: trfNo }));
    await page.context().close();
  });
});
