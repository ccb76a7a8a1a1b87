import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Language } from '../../engine/index.ts';
import { DEMO_COMPANIES } from '../../server/seed/demo-data.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { expectNoInternalCodes, POLL } from './portal-page.ts';
import { trfTexts, ui } from './portal-texts.ts';

/**
 * A new user's first TRF draft (issue 13, items 1, 2, 3 and 5), with the demo DFF template as
 * `npm start` seeds it: picking a company fills its party, an untouched optional DFF field never
 * blocks the draft, a blocking DFF error is marked and scrolled to, "no setting applies" is no
 * failed request, and an incomplete draft can be cancelled from a dialog whose buttons differ.
 */
const portalServer = usePortal({ demoRecords: true });

const company = (id: string, lang: Language) => {
  const c = DEMO_COMPANIES.find((x) => x.id === id)!;
  return lang === 'en-US' ? c.nameEn : c.name;
};

/** Whether the element is inside the window (the page scrolled to it). */
const inView = (el: Locator) => el.evaluate((e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
});

describe('a TRF draft as a new user makes it', () => {
  it.each<Language>(['zh-CN'])('fills the parties from the picked companies, saves and cancels the draft (%s)', async (lang) => {
    const trf = trfTexts(lang);
    const portal = await portalServer.open(lang);
    const { page } = portal;
    const failedResolves: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/template-settings/resolve') && r.status() >= 400) failedResolves.push(r.status());
    });
    await portal.logIn('applicant', DEMO_PASSWORD);
    await portal.button(ui(lang, 'renderer.list.new')).click();
    await page.waitForURL(/\/trf\/trfForm$/);
    const dff = page.getByTestId('dff-section');
    await portal.seeText(ui(lang, 'renderer.form.dffNeedsBuyer'), dff);
    await portal.pick('root_template');

    // "Add row" buttons say what they do.
    await page.getByRole('button', { name: ui(lang, 'renderer.form.addRow') }).first().waitFor();
    // A file of the wrong kind is refused with the kind users know (PDF), not a media type.
    await page.locator('[data-section=samples] input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await portal.seeText(ui(lang, 'renderer.upload.wrongType', { name: 'notes.txt', types: 'PDF' }));
    await expectNoInternalCodes(page);

    // (The buyer picker lists buyers only, x-lookupFilter; a buyer without a template setting is
    // answered BUYER_NO_CUSTOMER_GROUP: tests/api/templates-dff.test.ts.)
    // Picking a company fills its party: both names (the local one and the English one, whatever the
    // picker's language: each reader of the TRF sees theirs), customer number, default contact.
    await portal.pick('root_buyer_companyId', company('c-buyer', lang));
    await expect.poll(() => page.locator('#root_buyer_name').inputValue(), POLL).toBe(company('c-buyer', 'zh-CN'));
    expect(await page.locator('#root_buyer_nameEn').inputValue()).toBe(company('c-buyer', 'en-US'));
    expect(await page.locator('#root_buyer_customerNo').inputValue()).toBe('CN-B-0001');
    // The default contact is the company's customer admin (the demo network gives the demo buyer one).
    const { rows: admins } = await portalServer.db.query<{ user_name: string; email: string }>("select user_name, email from users where company_id = 'c-buyer' and is_admin");
    expect(admins).toHaveLength(1);
    expect(await page.locator('#root_buyer_contactName').inputValue()).toBe(admins[0]!.user_name);
    expect(await page.locator('#root_buyer_contactEmail').inputValue()).toBe(admins[0]!.email);
    await portal.pick('root_applicant_companyId', company('c-applicant', lang));
    await expect.poll(() => page.locator('#root_applicant_name').inputValue(), POLL).toBe(company('c-applicant', lang));
    await page.getByTestId('dff-template').waitFor();

    // An empty select reads "choose" as its hint; the placeholder is never an option to pick: the
    // first option is the first value (tests/unit/renderers/enum-select.test.tsx).
    const fabric = dff.locator('#root_fabric');
    await expect.poll(() => fabric.evaluate((el) => el.closest('.ant-select')?.textContent ?? ''), POLL).toContain(ui(lang, 'renderer.lookup.placeholder'));
    await fabric.click();
    const first = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    await expect.poll(() => first.textContent(), POLL).toBe(lang === 'zh-CN' ? '针织' : 'Knit');
    await page.keyboard.press('Escape');

    // A blocking error in the DFF section is marked on its field and scrolled to.
    const styleNo = dff.locator('#root_styleNo');
    await styleNo.fill('S'.repeat(51));
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    const marked = dff.locator('.ant-form-item-has-error', { has: page.locator('#root_styleNo') });
    await marked.waitFor();
    await expect.poll(() => inView(marked), POLL).toBe(true);
    await portal.shot('draft-dff-error', false);

    // Corrected, the draft saves with the DFF section's optional date range left empty.
    await styleNo.fill('ST-001');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('draft'));
    const trfNo = (await page.getByTestId('detail-title').textContent()) ?? '';

    // /form/detail opens the DFF record from its query (template code and record id), titled by it.
    const token = await page.evaluate(() => sessionStorage.getItem('portico_token'));
    const trfId = new URL(page.url()).searchParams.get('id');
    const stored = await (await page.request.get(`${portalServer.url}/api/entities/trf/${trfId}`, { headers: { 'Portico-Auth': `bearer ${token}` } })).json();
    const ref = stored.data.doc.dff as { template: string; recordId: string };
    await page.goto(`${portalServer.url}/form/detail?code=${ref.template}&id=${ref.recordId}`);
    await portal.seeText('ST-001', page.getByTestId('detail-title'));
    const detailUrl = `${portalServer.url}/trf/trfDetail?id=${trfId}`;
    await page.goto(detailUrl);
    await page.getByTestId('detail-title').waitFor();

    // The list shows the parties' names, and the buyer-name filter finds the draft.
    await page.goto(`${portalServer.url}/trf/newList?f.buyer.name=${encodeURIComponent(company('c-buyer', lang).slice(0, 4))}`);
    const row = page.locator('tr', { hasText: trfNo });
    await portal.seeText(company('c-buyer', lang), row);
    await portal.seeText(company('c-applicant', lang), row);
    await page.getByRole('link', { name: trfNo }).click();
    await page.waitForURL(/\/trf\/trfDetail\?id=/);

    // An incomplete draft (no sample received date) is cancelled; the dialog's buttons differ.
    await portal.act(trf.action('CANCEL'), async (dialog) => {
      const labels = (await dialog.getByRole('button').allTextContents()).map((l) => l.replace(/\s/g, '')).filter(Boolean);
      expect(new Set(labels).size).toBe(labels.length);
      await portal.shot('cancel-dialog', false);
      await portal.button(trf.action('CANCEL'), dialog).click();
    });
    await expect.poll(() => portal.stateTag(), POLL).toBe(trf.status('cancel'));
    expect(failedResolves).toEqual([]);
    await page.context().close();
  });
});
