import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createStaticRegistry, message, type Language } from '../../engine/index.ts';
import { formatCurrency, minorToDecimal } from '../../engine/format/money.ts';
import { SANDBOX_TEXTS } from '../../server/payments/sandbox/texts.ts';
import { pageText } from '../../server/payments/sandbox/sandbox-page.ts';
import { validTrf } from '../support/api-harness.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * From a TRF needing a quotation to a paid invoice in the browser (issue 16), on the generic entity
 * pages: staff issue a quotation for the applicant's TRF on the quotation form (the TRF and the payer
 * picked from their lookups); the applicant rejects it with a reason;
 * staff amend it and send it again; the applicant confirms; staff issue the invoice on its form; the applicant
 * pays with the providers' sandboxes — zh-CN: Alipay (a redirect; Fail, /payError, pay again,
 * /paySuccess) and UnionPay (a posted form, back by a form POST); en-US: WeChat Pay (the QR dialog,
 * the code's page in another tab; Fail, then pay again) — the invoice becomes paid, and its PDF
 * downloads with the amounts and the Chinese company name. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const invoiceReg = registry.get('invoice');
const orderReg = registry.get('paymentOrder');
const quotationReg = registry.get('quotation');
const PAYER_NAME = '演示申请方有限公司';

type Rec = { id: string; version: number; doc: Record<string, unknown> };

/** The applicant's submitted TRF that asks for a quotation. */
async function trfNeedingQuotation(payer: PortalPage): Promise<Rec> {
  const made = await payer.api<Rec>('POST', '/api/entities/trf', { doc: validTrf({ quotationNeeded: true }) });
  return payer.api<Rec>('POST', `/api/entities/trf/${made.id}/events`, { type: 'SUBMIT', version: made.version });
}

/** A record's id from the detail page staff land on after saving its form. */
async function savedRecordId(staff: PortalPage, detail: string): Promise<string> {
  await staff.save(ui(staff.lang, 'renderer.form.save'));
  await staff.page.waitForURL(new RegExp(`${detail}\\?id=`));
  return new URL(staff.page.url()).searchParams.get('id')!;
}

/** Picks the payer company on a form; the invoice title is the company's registered (Chinese) name, whatever the language. */
async function pickPayer(staff: PortalPage): Promise<void> {
  await staff.pick('root_payer_companyId', staff.lang === 'zh-CN' ? PAYER_NAME : 'Demo Applicant');
  await expect.poll(() => staff.page.locator('#root_payer_name').inputValue(), POLL).not.toBe('');
  await staff.page.locator('#root_payer_name').fill(PAYER_NAME);
}

/** Staff issue a quotation on the quotation form: the TRF and the payer picked, the fee typed in yuan, one hardcopy report. */
async function issueQuotation(staff: PortalPage, trfNo: string): Promise<string> {
  await staff.page.goto(`${portalServer.url}${quotationReg.entity.routes.form}`);
  await staff.pick('root_trfId', trfNo);
  await expect.poll(() => staff.page.locator('#root_trfNo').inputValue(), POLL).toBe(trfNo);
  await pickPayer(staff);
  await staff.page.locator('#root_serviceAmount').fill('2500.50');
  await staff.page.locator('#root_hardcopyCopies').fill('1');
  await staff.typeDate('root_issuedDate', '2026-11-20');
  await staff.page.locator('#root_items').fill('EN 71-3');
  await staff.shot('quotation-form');
  return savedRecordId(staff, quotationReg.entity.routes.detail!);
}

/** Staff issue an invoice on the invoice form, the amount typed in yuan (payee and 6 % tax by default). */
async function issueInvoice(staff: PortalPage, trfNo: string, preTaxAmount: number): Promise<{ id: string; doc: Record<string, unknown> }> {
  await staff.page.goto(`${portalServer.url}${invoiceReg.entity.routes.form}`);
  await pickPayer(staff);
  await staff.page.locator('#root_trfNo').fill(trfNo);
  await staff.typeDate('root_issuedDate', '2026-11-25');
  await staff.page.locator('#root_preTaxAmount').fill(minorToDecimal(preTaxAmount, 'CNY'));
  await staff.shot('invoice-form');
  const id = await savedRecordId(staff, invoiceReg.entity.routes.detail!);
  return { id, doc: (await staff.api<Rec>('GET', `/api/entities/invoice/${id}`)).doc };
}

/** The pay dialog of the detail page's "Pay" (the one holding the payment types). */
const payDialog = (portal: PortalPage): Locator => portal.page.locator('.ant-modal', { has: portal.page.getByTestId('pay-types') });

/** Opens the invoice, chooses the payment type in the pay dialog and pays. */
async function payInvoice(payer: PortalPage, invoiceId: string, type: 'alipay' | 'wechat' | 'unionpay', refuseWithoutType = false): Promise<void> {
  const lang = payer.lang;
  await payer.page.goto(`${portalServer.url}${invoiceReg.entity.routes.detail}?id=${invoiceId}`);
  await expect.poll(() => payer.stateTag(), POLL).toBe(entityTexts(invoiceReg, lang).status('toBePaid'));
  await payer.page.getByTestId('pay-invoices').click();
  const dialog = payDialog(payer);
  await payer.seeText(ui(lang, 'payment.payTitle'), dialog);
  const pay = dialog.getByTestId('pay-submit');
  await expect.poll(() => pay.textContent(), POLL).toBe(ui(lang, 'payment.pay'));
  if (refuseWithoutType) {
    // Paying without a payment type is refused with SPEC §8's message.
    await pay.click();
    await payer.seeText(message('CHOOSE_PAYMENT_TYPE', lang));
  }
  await dialog.getByText(ui(lang, `payment.types.${type}`), { exact: true }).click();
  await expect.poll(() => dialog.locator('.ant-radio-wrapper-checked').textContent(), POLL).toBe(ui(lang, `payment.types.${type}`));
  await payer.shot(`online-payment-dialog-${type}`);
  await pay.click();
}

/** On a sandbox page: presses Pay or Fail. */
async function press(page: PortalPage['page'], lang: Language, action: 'pay' | 'fail'): Promise<void> {
  await page.getByRole('button', { name: SANDBOX_TEXTS[action][lang], exact: true }).click();
}

/** The return page after the server's check: /paySuccess or /payError. */
async function landsOn(payer: PortalPage, outcome: 'paySuccess' | 'payError'): Promise<void> {
  await payer.page.waitForURL(new RegExp(`/${outcome}\\?order=`));
  await payer.seeText(ui(payer.lang, `public.${outcome}.title`));
  await payer.shot(`online-payment-${outcome}`);
}

/** From /payError: "Pay again" leads to the failed order, whose button goes to the provider again. */
async function payAgain(payer: PortalPage): Promise<void> {
  await payer.page.getByRole('link', { name: ui(payer.lang, 'payment.payAgain') }).click();
  await payer.page.waitForURL(/\/invoice\/orderList\/invoiceOrderDetail\?id=/);
  await expect.poll(() => payer.stateTag(), POLL).toBe(entityTexts(orderReg, payer.lang).status('failed'));
  await payer.page.getByTestId('pay-order').click();
}

/** WeChat Pay: the QR dialog; the payer "scans" it (its sandbox page in another tab), presses the button there, and says "I have paid". */
async function payByQr(payer: PortalPage, action: 'pay' | 'fail'): Promise<void> {
  const qr = payer.page.getByTestId('wechat-pay-qr');
  await qr.locator('img[data-code-url]').waitFor();
  await payer.shot(`online-payment-wechat-qr-${action}`);
  const [phone] = await Promise.all([payer.page.context().waitForEvent('page'), payer.page.getByTestId('wechat-sandbox-link').click()]);
  await phone.waitForURL(/\/sandbox\/wechat\/pay\//);
  await press(phone, payer.lang, action);
  await phone.locator(`[data-message="${action === 'pay' ? 'notifyDelivered' : 'failed'}"]`).waitFor();
  await phone.close();
  await payer.page.getByTestId('wechat-check').click();
}

/** The invoice's PDF as the payer downloads it from the detail page, read back as text. */
async function downloadedPdfText(payer: PortalPage, invoiceId: string): Promise<string> {
  await payer.page.goto(`${portalServer.url}${invoiceReg.entity.routes.detail}?id=${invoiceId}`);
  await expect.poll(() => payer.stateTag(), POLL).toBe(entityTexts(invoiceReg, payer.lang).status('paid'));
  const [download] = await Promise.all([payer.page.waitForEvent('download'), payer.page.getByTestId('document-pdf').click()]);
  const bytes = await readFile((await download.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('from a quotation to a paid invoice in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('quotation rejected, amended and confirmed; the invoice paid through the sandboxes after a failure; its PDF (%s)', async (lang) => {
    const quo = entityTexts(quotationReg, lang);
    const inv = entityTexts(invoiceReg, lang);
    const ord = entityTexts(orderReg, lang);
    const payer = await portalServer.open(lang, '/wel/index');
    // The providers' pages take the browser's language, as theirs do.
    await payer.page.context().setExtraHTTPHeaders({ 'Accept-Language': lang });
    await payer.logIn('applicant', PASSWORD);
    const staff = await portalServer.signedIn('staff', lang, '/wel/index');

    // Staff issue a quotation for the TRF; the applicant rejects it with a reason.
    const trf = await trfNeedingQuotation(payer);
    const trfNo = String(trf.doc.trfNo);
    const quotationUrl = `${portalServer.url}${quotationReg.entity.routes.detail}?id=${await issueQuotation(staff, trfNo)}`;
    await payer.page.goto(quotationUrl);
    await expect.poll(() => payer.stateTag(), POLL).toBe(quo.status('toBeConfirmed'));
    const reason = lang === 'zh-CN' ? '测试项目不对' : 'Wrong test items';
    await payer.act(quo.action('REQUEST_AMENDMENT'), async (dialog) => {
      await dialog.locator('textarea').first().fill(reason);
      await payer.shot('quotation-reject', false);
      await payer.button(quo.action('REQUEST_AMENDMENT'), dialog).click();
    });
    await expect.poll(() => payer.stateTag(), POLL).toBe(quo.status('amendmentNeeded'));
    await payer.seeText(reason, payer.page.getByTestId('entity-detail'));

    // Staff amend it on its form and send it again; the applicant confirms.
    await staff.page.goto(quotationUrl);
    await expect.poll(() => staff.stateTag(), POLL).toBe(quo.status('amendmentNeeded'));
    await staff.button(ui(lang, 'renderer.detail.edit')).click();
    await staff.page.waitForURL(/\/quotation\/form\?id=/);
    await staff.page.locator('#root_items').fill('EN 71-3, EN 71-1');
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/quotation\/detail\?id=/);
    await staff.seeText('EN 71-3, EN 71-1', staff.page.getByTestId('entity-detail'));
    await staff.act(quo.action('REVISE'));
    await expect.poll(() => staff.stateTag(), POLL).toBe(quo.status('toBeConfirmed'));
    await payer.page.reload();
    await expect.poll(() => payer.stateTag(), POLL).toBe(quo.status('toBeConfirmed'));
    await payer.act(quo.action('CONFIRM'), async (dialog) => payer.button(quo.action('CONFIRM'), dialog).click());
    await expect.poll(() => payer.stateTag(), POLL).toBe(quo.status('confirmed'));
    await payer.shot('quotation-confirmed');

    // Staff issue the invoice of the confirmed quotation (its total: 2,500.50 + 100 for the hardcopy).
    const issue = (preTaxAmount: number) => issueInvoice(staff, trfNo, preTaxAmount);
    const invoice = await issue(260050);
    const total = Number(invoice.doc.totalAmount);
    expect(total).toBe(275653);

    if (lang === 'zh-CN') {
      // Alipay: the redirect to its page; Fail, then pay again.
      await payInvoice(payer, invoice.id, 'alipay', true);
      await payer.page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
      await payer.seeText(SANDBOX_TEXTS.notice[lang]);
      await payer.shot('online-payment-sandbox-alipay');
      await press(payer.page, lang, 'fail');
      await landsOn(payer, 'payError');
      await payAgain(payer);
      await payer.page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
      await press(payer.page, lang, 'pay');
      await landsOn(payer, 'paySuccess');
    } else {
      // WeChat Pay Native: the QR code; Fail, then pay again.
      await payInvoice(payer, invoice.id, 'wechat', true);
      await payByQr(payer, 'fail');
      await landsOn(payer, 'payError');
      await payAgain(payer);
      await payByQr(payer, 'pay');
      await landsOn(payer, 'paySuccess');
    }

    // The order lists its exchanges with the provider; the invoice is paid; its PDF holds the amounts and the payer's Chinese name.
    await payer.page.getByRole('link', { name: ui(lang, 'payment.toOrder') }).click();
    await payer.page.waitForURL(/\/invoice\/orderList\/invoiceOrderDetail\?id=/);
    await expect.poll(() => payer.stateTag(), POLL).toBe(ord.status('success'));
    await payer.page.getByTestId('payment-exchanges').waitFor();
    await payer.shot('online-payment-order');
    const pdf = await downloadedPdfText(payer, invoice.id);
    await payer.shot('online-payment-invoice-paid');
    for (const s of [String(invoice.doc.invoiceNo), PAYER_NAME, '通标标准技术服务有限公司', formatCurrency(total, 'CNY', lang), formatCurrency(260050, 'CNY', lang), inv.status('paid')]) expect(pdf).toContain(s);

    if (lang === 'zh-CN') {
      // UnionPay: the signed form posted to its gateway; Pay; back to the portal by a form POST.
      const second = await issue(50000);
      await payInvoice(payer, second.id, 'unionpay');
      await payer.page.waitForURL(/\/sandbox\/unionpay\/gateway\/api\/frontTransReq\.do/);
      await payer.shot('online-payment-sandbox-unionpay');
      await press(payer.page, lang, 'pay');
      await payer.page.getByRole('button', { name: pageText('back', lang), exact: true }).click();
      await landsOn(payer, 'paySuccess');
      await payer.page.goto(`${portalServer.url}${invoiceReg.entity.routes.detail}?id=${second.id}`);
      await expect.poll(() => payer.stateTag(), POLL).toBe(inv.status('paid'));
    }
    await staff.page.context().close();
    await payer.page.context().close();
  });
});
