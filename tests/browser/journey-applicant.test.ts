import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry, message, stateOptions, text, type Language } from '../../engine/index.ts';
import { formatCurrency } from '../../engine/format/money.ts';
import MENU from '../../schemas/_menu/menu.json';
import { DEMO_COMPANIES, DEMO_TEMPLATES } from '../../server/seed/demo-data.ts';
import { DEMO_DFF_CODE, DEMO_DFF_TEMPLATE, DEMO_TEMPLATE_SETTING } from '../../server/seed/demo-dff-template.ts';
import { SANDBOX_TEXTS } from '../../server/payments/sandbox/texts.ts';
import { readXlsx } from '../support/read-exports.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL, type PortalPage } from './portal-page.ts';
import { apiSession, staffIssueReport, type ApiCall } from './journey-seed.ts';
import { REPORT_PDF } from './report-steps.ts';

/**
 * Issue 53, the applicant's journey in both languages, as a new customer clicks through it: the
 * company registers on the public registration page (the code read from the outbox); staff approve
 * it (API) and its customer number shows on its company page; its user creates a TRF from a
 * template with the buyer's DFF section and submits it; staff send a priced quotation from the
 * TRF's detail (refused without a price), which the applicant confirms; staff make the statement
 * of the day for the company, the applicant confirms it, staff request its payment and the invoice
 * is paid in the payment sandbox, which speaks the portal's language; staff test and issue the
 * report with its PDF (API), which the applicant opens from the TRF and downloads; last, the TRF
 * list is exported with the TRF in it. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const [trfReg, quotationReg, statementReg, invoiceReg, orderReg, reportReg] = ['trf', 'quotation', 'statement', 'invoice', 'paymentOrder', 'report'].map((e) => registry.get(e));
const TODO = quotationReg!.entity.routes.partyLists!.find((l) => l.name === 'toActOn')!;
const TEXTILE = DEMO_TEMPLATES.find((t) => t.id === 'TPL-TEXTILE')!;
const BUYER = DEMO_COMPANIES.find((c) => c.id === 'c-buyer')!;
const PASSWORD = 'Journey#2024';
const PRICE = 120050;
const group = (id: string | undefined, lang: Language) => text(MENU.groups.find((g) => g.id === id)!.label, lang);
const quotationLabel = (state: string, lang: Language) => stateOptions(trfReg!, '$quotationStatus', lang).find((o) => o.value === state)!.label;

type Rec = { id: string; version: number; doc: Record<string, any> };

/** Who registers in a language's run: each run a company and account of its own. */
const newcomer = (lang: Language) => {
  const tag = lang === 'zh-CN' ? 'zh' : 'en';
  return {
    account: `journey.applicant.${tag}`,
    email: `journey.applicant.${tag}@example.com`,
    mobile: lang === 'zh-CN' ? '13911112222' : '13911113333',
    company: (lang === 'zh-CN' ? { 'zh-CN': '旅程申请一号有限公司', 'en-US': 'Journey Applicant One Ltd' } : { 'zh-CN': '旅程申请二号有限公司', 'en-US': 'Journey Applicant Two Ltd' }) as Record<Language, string>,
  };
};

let staffApi: ApiCall;

beforeAll(async () => {
  // Setup the journey does not cover (the template pipeline's own test does): the demo DFF template,
  // published, for the demo buyer's customer group's textile TRFs, as staff set it up.
  staffApi = await apiSession(portalServer.url, 'staff');
  await staffApi('POST', '/api/templates', { code: DEMO_DFF_CODE, kind: 'dff', bundle: DEMO_DFF_TEMPLATE });
  await staffApi('POST', `/api/templates/${DEMO_DFF_CODE}/versions/1/publish`, {});
  const { id: _, ...setting } = DEMO_TEMPLATE_SETTING;
  await staffApi('POST', '/api/template-settings', setting);
});

/** The public registration page, the code from the mail in the outbox; staff approve the account and its company. */
async function register(applicant: PortalPage, who: ReturnType<typeof newcomer>): Promise<void> {
  const { page, lang } = applicant;
  await page.getByRole('link', { name: ui(lang, 'account.toRegister'), exact: true }).click();
  await page.waitForURL(/\/register$/);
  await applicant.seeText(ui(lang, 'account.registerTitle'));
  await page.locator('#account-account').fill(who.account);
  await page.locator('#account-userName').fill(lang === 'zh-CN' ? '旅程 申请人' : 'Journey Applicant');
  await page.locator('#account-email').fill(who.email);
  await page.locator('#account-mobile').fill(who.mobile);
  await page.locator('#account-companyName').fill(who.company['zh-CN']);
  await page.locator('#account-companyNameEn').fill(who.company['en-US']);
  await page.locator('#account-password').fill(PASSWORD);
  await page.locator('#account-passwordRepeat').fill(PASSWORD);
  await page.locator('#account-termsAccepted').check();
  await page.getByTestId('send-code').click();
  await applicant.seeText(message('CODE_SENT', lang, { email: who.email }));
  // The code, as the applicant reads it in the mail (the outbox table).
  const mailed = async () => (await portalServer.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [who.email])).rows[0]?.body ?? '';
  await expect.poll(mailed, POLL).toMatch(/(?<!\d)\d{6}(?!\d)/);
  await page.locator('#account-code').fill(/(?<!\d)(\d{6})(?!\d)/.exec(await mailed())![1]!);
  await applicant.shot('journey-applicant-register');
  await page.getByTestId('account-submit').click();
  await page.waitForURL(/\/register\/success$/);
  await applicant.seeText(ui(lang, 'public.registerSuccess.text'));

  // Staff approve the account, and with it its company (which takes its customer number).
  const pending = await staffApi<{ id: string; email: string }[]>('GET', '/api/accounts/reviews');
  await staffApi('POST', `/api/accounts/${pending.find((a) => a.email === who.email)!.id}/approve`);
}

/** The new user logs in and finds the company's customer number on its company page. */
async function logInAndSeeCustomerNo(applicant: PortalPage, who: ReturnType<typeof newcomer>): Promise<{ id: string; customerNo: string }> {
  const { page, lang } = applicant;
  await page.getByRole('link', { name: ui(lang, 'public.toLogin') }).click();
  await page.waitForURL(/\/login/);
  await applicant.logIn(who.account, PASSWORD);
  // A new user's first login opens the guide; this one does without it.
  await applicant.seeText(ui(lang, 'guide.title'), page.getByTestId('guide'));
  await page.getByTestId('guide-dismiss').click();
  await expect.poll(() => page.locator('.ant-drawer-mask').filter({ visible: true }).count(), POLL).toBe(0);
  const { rows } = await portalServer.db.query<{ id: string; customer_no: string }>('select c.id, c.customer_no from companies c join users u on u.company_id = c.id where u.email = $1', [who.email]);
  const company = { id: rows[0]!.id, customerNo: rows[0]!.customer_no };
  expect(company.customerNo).toMatch(/^C\d+$/);
  const entry = MENU.pages.find((p) => p.path === '/company/info')!;
  await applicant.openMenuEntry(group(entry.group, lang), text(entry.label, lang));
  await page.waitForURL(/\/company\/info/);
  const basic = page.locator('[data-section=basic]');
  await applicant.seeText(company.customerNo, basic);
  await applicant.seeText(who.company[lang], basic);
  await expectNoInternalCodes(page);
  await applicant.shot('journey-applicant-company');
  return company;
}

/** New TRF from the textile template: the buyer's DFF section filled in, saved as a draft and submitted. */
async function createTrf(applicant: PortalPage, who: ReturnType<typeof newcomer>): Promise<{ id: string; trfNo: string }> {
  const { page, lang } = applicant;
  const trf = trfTexts(lang);
  await applicant.openMenu(trf.entity);
  await page.waitForURL(/\/trf\/newList/);
  await applicant.button(ui(lang, 'renderer.list.new')).click();
  await page.waitForURL(/\/trf\/trfForm$/);
  await applicant.pick('root_template', lang === 'zh-CN' ? TEXTILE.nameZh : TEXTILE.nameEn);
  await applicant.typeDate('root_sampleReceivedDate', '2026-11-20');
  await applicant.pick('root_buyer_companyId', lang === 'zh-CN' ? BUYER.name : BUYER.nameEn);
  await applicant.pick('root_applicant_companyId', who.company[lang]);
  await expect.poll(() => page.locator('#root_applicant_name').inputValue(), POLL).toBe(who.company['zh-CN']);
  // Asked for a quotation (staff send one only when it is).
  await page.locator('#root_quotationNeeded').check();
  // The buyer's DFF section (its customer group's template setting): style no. and fabric type.
  const dff = page.getByTestId('dff-section');
  await page.getByTestId('dff-template').waitFor();
  await dff.locator('#root_styleNo').fill(`ST-${lang}`);
  const knit = lang === 'zh-CN' ? '针织' : 'Knit';
  await applicant.pick('root_fabric', knit);
  await applicant.shot('journey-applicant-trf-form');
  await applicant.save(ui(lang, 'renderer.form.saveDraft'));
  await page.waitForURL(/\/trf\/trfDetail\?id=/);
  await expect.poll(() => applicant.stateTag(), POLL).toBe(trf.status('draft'));
  await applicant.seeText(`ST-${lang}`);
  await applicant.seeText(knit);
  await applicant.act(trf.action('SUBMIT'));
  await expect.poll(() => applicant.stateTag(), POLL).toBe(trf.status('submitted'));
  return { id: new URL(page.url()).searchParams.get('id')!, trfNo: (await page.getByTestId('detail-title').textContent()) ?? '' };
}

/** Staff send the quotation from the TRF's detail: refused without a price, then sent with one. */
async function sendQuotation(staff: PortalPage, trfNo: string): Promise<void> {
  const texts = trfTexts(staff.lang);
  const { page, lang } = staff;
  await staff.seeText(trfNo, page.getByTestId('detail-title'));
  await staff.button(texts.action('SEND_QUOTATION'), page.getByTestId('detail-actions')).click();
  const dialog = staff.dialog();
  await dialog.locator('#root_lines_0_item').fill(lang === 'zh-CN' ? '甲醛含量' : 'Formaldehyde');
  // No price: the dialog says so on the field and stays open.
  await staff.button(texts.action('SEND_QUOTATION'), dialog).click();
  const price = (trfReg!.entity.actions!.SEND_QUOTATION!.payloadSchema as any).properties.lines.items.properties.amount;
  await staff.seeText(text(price['x-messages'].required, lang), dialog);
  await dialog.locator('#root_lines_0_amount').fill('1200.50');
  await staff.shot('journey-applicant-send-quotation');
  await staff.button(texts.action('SEND_QUOTATION'), dialog).click();
  await staff.seeText(ui(lang, 'renderer.detail.actionDone', { action: texts.action('SEND_QUOTATION') }));
  await staff.seeText(quotationLabel('confirming', lang), page.getByTestId('detail-states'));
}

/** The applicant's to-do page (Quotations and invoices): a tab's row, found by its number. */
const todoRow = (applicant: PortalPage, no: string) => applicant.page.locator('.ant-table-row', { hasText: no });

/** Confirms the row's record from the to-do page's tab and waits for it to leave. */
async function confirmRow(applicant: PortalPage, tab: string, no: string, action: string): Promise<void> {
  await applicant.page.getByTestId(`tab-${tab}`).click();
  await expect.poll(() => todoRow(applicant, no).count(), POLL).toBe(1);
  await todoRow(applicant, no).getByTestId('row-action-CONFIRM').click();
  await applicant.button(action, applicant.dialog()).click();
  await applicant.seeText(ui(applicant.lang, 'renderer.detail.actionDone', { action }));
  await expect.poll(() => todoRow(applicant, no).count(), POLL).toBe(0);
}

/** Staff make the statement of the day for the company on its form; its detail shows its number and total. */
async function makeStatement(staff: PortalPage, companyName: string): Promise<Rec> {
  const today = new Date().toISOString().slice(0, 10);
  await staff.page.goto(`${portalServer.url}${statementReg!.entity.routes.form}`);
  await staff.pick('root_payer_companyId', companyName);
  await staff.typeDate('root_periodStart', today);
  await staff.typeDate('root_periodEnd', today);
  await staff.save(ui(staff.lang, 'renderer.form.save'));
  await staff.page.waitForURL(/\/statement\/detail\?id=/);
  const statement = await staff.api<Rec>('GET', `/api/entities/statement/${new URL(staff.page.url()).searchParams.get('id')}`);
  await staff.seeText(String(statement.doc.statementNo));
  await staff.seeText(formatCurrency(PRICE, 'CNY', staff.lang));
  await staff.shot('journey-applicant-statement');
  return statement;
}

/** Staff request the confirmed statement's payment: its invoice is issued. */
async function requestPayment(staff: PortalPage, statement: Rec): Promise<Rec> {
  const stm = entityTexts(statementReg!, staff.lang);
  await staff.page.reload();
  await staff.act(stm.action('REQUEST_PAYMENT'), async (dialog) => {
    await staff.seeText(stm.confirm('REQUEST_PAYMENT'), dialog);
    await staff.button(stm.action('REQUEST_PAYMENT'), dialog).click();
  });
  await staff.seeText(stm.status('toBePaid'), staff.page.getByTestId('detail-states'));
  const invoice = (await staff.api<{ items: Rec[] }>('GET', '/api/entities/invoice?pageSize=100')).items.find((i) => i.doc.statementId === statement.id)!;
  expect(invoice.doc).toMatchObject({ statementNo: statement.doc.statementNo, currency: 'CNY', preTaxAmount: PRICE });
  return invoice;
}

/** From the to-do page's invoices: the invoice opened and paid with Alipay in the sandbox, which speaks the portal's language. */
async function payInvoice(applicant: PortalPage, invoice: Rec, statementNo: string): Promise<void> {
  const { page, lang } = applicant;
  await page.getByTestId('tab-invoice').click();
  const row = todoRow(applicant, String(invoice.doc.invoiceNo));
  await row.waitFor();
  await applicant.shot('journey-applicant-invoices');
  await row.getByRole('link', { name: String(invoice.doc.invoiceNo) }).click();
  await page.waitForURL(/\/invoice\/detail\?id=/);
  await expect.poll(() => applicant.stateTag(), POLL).toBe(entityTexts(invoiceReg!, lang).status('toBePaid'));
  await applicant.seeText(statementNo);
  await page.getByTestId('pay-invoices').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('pay-types') });
  await dialog.getByText(ui(lang, 'payment.types.alipay'), { exact: true }).click();
  await dialog.getByTestId('pay-submit').click();
  // The provider's checkout (the sandbox), in the language of the portal, not the browser's.
  await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
  expect(await page.locator('html').getAttribute('lang')).toBe(lang);
  await applicant.seeText(SANDBOX_TEXTS.notice[lang]);
  await applicant.shot('journey-applicant-sandbox');
  await page.getByRole('button', { name: SANDBOX_TEXTS.pay[lang], exact: true }).click();
  await page.waitForURL(/\/paySuccess\?order=/);
  await applicant.seeText(ui(lang, 'public.paySuccess.title'));
  await page.getByRole('link', { name: ui(lang, 'payment.toOrder') }).click();
  await page.waitForURL(/\/invoice\/orderList\/invoiceOrderDetail\?id=/);
  await expect.poll(() => applicant.stateTag(), POLL).toBe(entityTexts(orderReg!, lang).status('success'));
}

/** From the TRF list: the TRF's detail, its report's, and the report's PDF downloaded. */
async function downloadReport(applicant: PortalPage, trfNo: string, reportNo: string): Promise<void> {
  const { page, lang } = applicant;
  const trf = trfTexts(lang);
  await applicant.openMenu(trf.entity);
  await page.waitForURL(/\/trf\/newList/);
  await page.getByRole('link', { name: trfNo }).click();
  await page.waitForURL(/\/trf\/trfDetail\?id=/);
  await expect.poll(() => applicant.stateTag(), POLL).toBe(trf.status('reportIssued'));
  await applicant.seeText(quotationLabel('confirmed', lang), page.getByTestId('detail-states'));
  await page.getByTestId('child-list-report').getByRole('link', { name: reportNo }).click();
  await page.waitForURL(/\/report\/detail\?id=/);
  await expect.poll(() => applicant.stateTag(), POLL).toBe(entityTexts(reportReg!, lang).status('notReviewed'));
  await applicant.shot('journey-applicant-report');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-section=file]').getByRole('link', { name: `${trfNo}.pdf` }).click()]);
  expect(download.suggestedFilename()).toBe(`${trfNo}.pdf`);
  expect(await readFile((await download.path())!)).toEqual(REPORT_PDF);
  // What its address answers in the session (a download raises no response event the page could read): a PDF.
  const served = await page.context().request.get(download.url());
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'application/pdf']);
}

/** The TRF list exported: the file lists the TRF. */
async function exportList(applicant: PortalPage, trfNo: string): Promise<void> {
  const { page } = applicant;
  await applicant.openMenu(trfTexts(applicant.lang).entity);
  await page.waitForURL(/\/trf\/newList/);
  // (The list's own export: the pages kept open behind it have theirs.)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').filter({ visible: true }).click()]);
  expect(download.suggestedFilename()).toBe(`${text(trfReg!.views.list.export!.fileName!, applicant.lang)}.xlsx`);
  const rows = await readXlsx(await readFile((await download.path())!));
  expect(rows.slice(1).map((r) => r[0])).toEqual([trfNo]);
}

describe('the applicant journey (issue 53)', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a company registers, is approved, submits a TRF with a DFF, confirms the quotation and statement, pays the invoice, downloads the report and exports its TRFs (%s)', async (lang) => {
    const who = newcomer(lang);
    const applicant = await portalServer.open(lang, '/wel/index');
    const { page } = applicant;
    await register(applicant, who);
    await logInAndSeeCustomerNo(applicant, who);
    const trf = await createTrf(applicant, who);

    // Staff send the priced quotation from the TRF's detail; the applicant confirms it on its to-do page.
    const staff = await portalServer.signedIn('staff', lang, `${trfReg!.entity.routes.detail}?id=${trf.id}`);
    await sendQuotation(staff, trf.trfNo);
    // The applicant, the company's admin, is mailed the quotation to confirm, in the language it registered in.
    const subject = text(quotationReg!.entity.mail!.statementToConfirm!.subject, lang).replace('{quotationNo}', 'QUO');
    const mailed = async () => (await portalServer.db.query<{ subject: string }>('select subject from outbox where to_address = $1', [who.email])).rows.map((r) => r.subject.replace(/QUO\d+/, 'QUO'));
    await expect.poll(mailed, POLL).toContain(subject);
    await applicant.openMenuEntry(group(TODO.menu!.group, lang), text(TODO.tab!.page, lang));
    await page.waitForURL(new RegExp(TODO.path));
    await expect.poll(() => todoRow(applicant, trf.trfNo).count(), POLL).toBe(1);
    await applicant.seeText(formatCurrency(PRICE, 'CNY', lang), todoRow(applicant, trf.trfNo));
    await applicant.shot('journey-applicant-quotation');
    await confirmRow(applicant, 'quotation', trf.trfNo, entityTexts(quotationReg!, lang).action('CONFIRM'));

    // The statement of the day, confirmed; its payment requested, the invoice paid.
    const statement = await makeStatement(staff, who.company[lang]);
    await confirmRow(applicant, 'statement', String(statement.doc.statementNo), entityTexts(statementReg!, lang).action('CONFIRM'));
    const invoice = await requestPayment(staff, statement);
    await staff.page.context().close();
    await payInvoice(applicant, invoice, String(statement.doc.statementNo));

    // Staff test the samples and issue the report with its PDF; the applicant downloads it, then exports the TRF list.
    const { reportNo } = await staffIssueReport(staffApi, trf.id, [{ testName: 'Formaldehyde content', testResult: '< 20 mg/kg' }]);
    await downloadReport(applicant, trf.trfNo, reportNo);
    await exportList(applicant, trf.trfNo);
    await page.context().close();
  });
});
