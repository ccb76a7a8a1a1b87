import { describe, expect, it } from 'vitest';
import { createStaticRegistry, enumLabel, text, type Language } from '../../engine/index.ts';
import MENU from '../../schemas/_menu/menu.json';
import { DEMO_COMPANIES } from '../../server/seed/demo-data.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL, type PortalPage } from './portal-page.ts';
import { apiSession, supplierTrfWithIssuedReport } from './journey-seed.ts';

/**
 * Issue 53, the buyer's journey in both languages: the buyer audits the authorization its supplier
 * requested, and then finds the supplier's own (self-reference) TRF, hidden from buyers until then,
 * with its issued report; reviews the report of the supplier's TRF naming it line by line from
 * 0 Not Reviewed to 3 Review Finalized, a return with a reason in between; and comments on that TRF
 * to three addresses, whose mail is in the outbox.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const authorization = registry.get('authorization');
const report = registry.get('report');
const testLine = registry.get('testLine');
const SUPPLIER = DEMO_COMPANIES.find((c) => c.id === 'c-supplier')!;
const BUYER = DEMO_COMPANIES.find((c) => c.id === 'c-buyer')!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The journey's setup: what the supplier and staff did before the buyer signs in (API, not the pages). */
async function seed(lang: Language) {
  // An authorization audited in one language's run would stay in force for the next: each starts without one.
  await portalServer.db.query("delete from records where entity = 'authorization'");
  const supplier = await apiSession(portalServer.url, 'supplier');
  const staff = await apiSession(portalServer.url, 'staff');
  const party = (c: typeof SUPPLIER | typeof BUYER) => ({ companyId: c.id, name: c.nameEn, contactName: 'Li', contactEmail: `${c.id}@example.com` });
  const doc = (selfReference: boolean) => ({
    template: 'TPL-TEXTILE', sampleReceivedDate: '2026-11-20', dueDate: '2026-11-30', selfReference,
    buyer: party(BUYER), applicant: party(SUPPLIER),
    samples: [{ sampleNo: 'S-1', description: `Knitted top ${lang}` }],
  });
  // The supplier's own testing (self-reference: hidden from the buyer it names), tested and reported by staff.
  const own = await supplierTrfWithIssuedReport(supplier, staff, doc(true), [{ testName: 'Colour fastness', testResult: '4-5' }]);
  // The supplier's TRF for the buyer, whose report the buyer reviews: two test lines.
  const forBuyer = await supplierTrfWithIssuedReport(supplier, staff, doc(false), [
    { testName: 'Formaldehyde content', testResult: '< 20 mg/kg' },
    { testName: 'pH value', testResult: '6.8' },
  ]);
  // The supplier requests the authorization that lets the buyer read its TRFs (grantee: the buyer's account).
  await supplier('POST', '/api/entities/authorization', {
    doc: { grantee: { companyId: BUYER.id, name: BUYER.name, customerNo: BUYER.customerNo, account: 'buyer' }, validFrom: day(-1), validTo: day(30), remark: `Journey ${lang}` },
  });
  return { own, forBuyer };
}

/** Opens the TRF of the list row and waits for its detail in the state. */
async function openTrf(buyer: PortalPage, trfNo: string, state: string): Promise<void> {
  const trf = trfTexts(buyer.lang);
  await buyer.openMenu(trf.entity);
  await buyer.page.waitForURL(/\/trf\/newList/);
  const link = buyer.page.getByRole('link', { name: trfNo });
  await link.click();
  await buyer.page.waitForURL(/\/trf\/trfDetail\?id=/);
  await expect.poll(() => buyer.stateTag(), POLL).toBe(state);
}

describe('the buyer journey (issue 53)', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a buyer audits a supplier\'s authorization, sees its TRF and report, reviews a report 0→3 with a return, and comments to three addresses (%s)', async (lang) => {
    const { own, forBuyer } = await seed(lang);
    const auth = entityTexts(authorization, lang);
    const rep = entityTexts(report, lang);
    const trf = trfTexts(lang);

    // The TRF list: the TRF naming the buyer is there, the supplier's own is not.
    const buyer = await portalServer.signedIn('buyer', lang, '/trf/newList');
    const { page } = buyer;
    await buyer.seeText(trf.status('reportIssued'), page.locator('tr', { hasText: forBuyer.trfNo }));
    expect(await page.getByRole('link', { name: own.trfNo }).count()).toBe(0);

    // Company › Authorizations: the supplier's request, audited.
    await buyer.openMenuEntry(text(MENU.groups.find((g) => g.id === authorization.entity.menu!.group)!.label, lang), auth.entity);
    await page.waitForURL(/\/customer\/authority$/);
    // (The requesting company is named in the reader's language: $companyName.)
    const request = page.locator('tr', { hasText: lang === 'en-US' ? SUPPLIER.nameEn : SUPPLIER.name });
    await buyer.seeText(auth.status('toBeAudited'), request);
    await buyer.shot('journey-buyer-authorizations', false);
    await request.getByRole('link').first().click();
    await page.waitForURL(/\/customer\/authority\/detail\?id=/);
    await expect.poll(() => buyer.stateTag(), POLL).toBe(auth.status('toBeAudited'));
    await buyer.act(auth.action('APPROVE'));
    await expect.poll(() => buyer.stateTag(), POLL).toBe(auth.status('audited'));

    // The supplier's own TRF is now in the list, with its issued report (read through the authorization).
    await openTrf(buyer, own.trfNo, trf.status('reportIssued'));
    const ownReports = page.getByTestId('child-list-report');
    await buyer.seeText(rep.status('notReviewed'), ownReports.locator('tr', { hasText: own.reportNo }));
    await buyer.shot('journey-buyer-granted-trf');

    // The report of the TRF naming the buyer: each line reviewed, then the report 0 → 1 → 2.
    await openTrf(buyer, forBuyer.trfNo, trf.status('reportIssued'));
    await page.getByTestId('child-list-report').getByRole('link', { name: forBuyer.reportNo }).click();
    await page.waitForURL(/\/report\/detail\?id=/);
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('notReviewed'));
    const lines = page.getByTestId('child-list-testLine');
    await buyer.seeText('pH value', lines);
    const accepted = enumLabel(testLine.schema.properties.resultReview, 'accepted', lang);
    for (let i = 0; i < 2; i++) {
      await lines.getByTestId('inline-resultReview').nth(i).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: accepted }).click();
      await expect.poll(() => lines.getByTestId('inline-resultReview').nth(i).textContent(), POLL).toContain(accepted);
    }
    await buyer.shot('journey-buyer-lines-reviewed');
    await buyer.act(rep.action('REVIEW'));
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('reviewed'));
    await buyer.act(rep.action('SUBMIT_REVIEW'));
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('submitted'));

    // Returned with a reason (required), kept in the history; submitted again and finalized.
    const reason = lang === 'zh-CN' ? `请补充 pH 值的检测方法（${lang}）` : `Please add the pH test method (${lang})`;
    await buyer.act(rep.action('RETURN_REVIEW'), async (dialog) => {
      await dialog.locator('textarea').first().fill(reason);
      await buyer.shot('journey-buyer-return-review', false);
      await buyer.button(rep.action('RETURN_REVIEW'), dialog).click();
    });
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('reviewed'));
    await buyer.seeText(reason, page.getByTestId('history'));
    await buyer.act(rep.action('SUBMIT_REVIEW'));
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('submitted'));
    await buyer.act(rep.action('FINALIZE_REVIEW'), async (dialog) => buyer.button(rep.action('FINALIZE_REVIEW'), dialog).click());
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('finalized'));
    await expectNoInternalCodes(page);
    await buyer.shot('journey-buyer-review-finalized');

    // Back on the TRF (Report Issued: the buyer alone may still comment), a comment to three addresses.
    await page.goBack();
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    const card = page.getByTestId('belonging-trfComment');
    await card.getByTestId('belonging-add').click();
    const dialog = buyer.dialog();
    const body = lang === 'zh-CN' ? `报告已审阅完成（${lang}）` : `The report review is finalized (${lang})`;
    await dialog.locator('#root_body').fill(body);
    const to = [1, 2, 3].map((i) => `journey${i}.${lang.toLowerCase()}@example.com`);
    const recipients = dialog.locator('#root_recipients');
    for (const address of to) {
      await recipients.fill(address);
      await recipients.press('Enter');
    }
    await buyer.seeText(ui(lang, 'renderer.form.tagsCount', { count: 3, max: 10 }), dialog);
    await buyer.shot('journey-buyer-comment', false);
    await buyer.button(ui(lang, 'renderer.belonging.post'), dialog).click();
    await buyer.seeText(body, card);
    await buyer.shot('journey-buyer-commented');

    // The mail, as its recipients read it (the outbox table): to the three, naming the TRF.
    const mailed = async () =>
      (await portalServer.db.query<{ to_address: string }>('select to_address from outbox where to_address = any($1::text[]) and subject like $2 order by to_address', [to, `%${forBuyer.trfNo}%`])).rows.map((r) => r.to_address);
    await expect.poll(mailed, POLL).toEqual(to);
    await page.context().close();
  });
});
