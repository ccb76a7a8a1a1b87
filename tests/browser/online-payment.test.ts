import { describe, expect, it } from 'vitest';
import { createStaticRegistry, message, type Language } from '../../engine/index.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { EntityService } from '../../server/entities/service.ts';
import { SANDBOX_TEXTS } from '../../server/payments/sandbox/texts.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Online payment in the browser (issue 16): staff have issued an invoice; the applicant pays it
 * with Alipay through the sandbox gateway — the first attempt fails (the sandbox's Fail button:
 * /payError), paying again succeeds (/paySuccess, after the server confirmed it) — and the
 * invoice is paid. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const invoiceReg = registry.get('invoice');
const orderReg = registry.get('paymentOrder');

/** Staff issue a CNY invoice to the applicant's company (through the entity service, as the API would). */
async function issueInvoice(preTaxAmount: number): Promise<{ id: string; invoiceNo: string }> {
  const staff = (await userByAccount(portalServer.db, 'staff'))!;
  const doc = { payer: { companyId: 'c-applicant' }, currency: 'CNY', preTaxAmount, taxRate: 600, issuedDate: '2026-11-01', payee: '通标标准技术服务有限公司' };
  const made = await new EntityService(portalServer.db, undefined, registry).create(invoiceReg, { doc }, staff, 'zh-CN');
  return { id: made.id, invoiceNo: String(made.doc.invoiceNo) };
}

describe('online payment in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('the applicant pays an invoice with the Alipay sandbox: a failure, then success; the invoice is paid (%s)', async (lang) => {
    const invoice = await issueInvoice(lang === 'zh-CN' ? 10000 : 25050);
    const inv = entityTexts(invoiceReg, lang);
    const ord = entityTexts(orderReg, lang);
    const payer = await portalServer.open(lang, '/wel/index');
    // The provider's page takes the browser's language, as Alipay's does.
    await payer.page.context().setExtraHTTPHeaders({ 'Accept-Language': lang });
    await payer.logIn('applicant', PASSWORD);

    await payer.page.goto(`${portalServer.url}${invoiceReg.entity.routes.detail}?id=${invoice.id}`);
    await expect.poll(() => payer.stateTag(), POLL).toBe(inv.status('toBePaid'));
    await payer.page.getByTestId('pay-invoices').click();
    const dialog = payer.dialog();
    await payer.seeText(ui(lang, 'payment.payTitle'), dialog);
    // Paying without a payment type is refused with SPEC §8's message.
    await payer.button(ui(lang, 'payment.pay'), dialog).click();
    await payer.seeText(message('CHOOSE_PAYMENT_TYPE', lang));
    await dialog.getByText(ui(lang, 'payment.types.alipay'), { exact: true }).click();
    await payer.shot(`online-payment-dialog-${lang}`);
    await payer.button(ui(lang, 'payment.pay'), dialog).click();

    // The Alipay sandbox's pay page: the first attempt fails.
    await payer.page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
    await payer.seeText(SANDBOX_TEXTS.notice[lang]);
    await payer.shot(`online-payment-sandbox-${lang}`);
    await payer.page.getByRole('button', { name: SANDBOX_TEXTS.fail[lang], exact: true }).click();
    await payer.page.waitForURL(/\/payError\?order=/);
    await payer.seeText(ui(lang, 'public.payError.title'));
    await payer.shot(`online-payment-error-${lang}`);

    // Pay again from the order: a new trade at Alipay, paid this time.
    await payer.page.getByRole('link', { name: ui(lang, 'payment.payAgain') }).click();
    await payer.page.waitForURL(/\/invoice\/orderList\/invoiceOrderDetail\?id=/);
    await expect.poll(() => payer.stateTag(), POLL).toBe(ord.status('failed'));
    await payer.page.getByTestId('pay-order').click();
    await payer.page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
    await payer.page.getByRole('button', { name: SANDBOX_TEXTS.pay[lang], exact: true }).click();
    await payer.page.waitForURL(/\/paySuccess\?order=/);
    await payer.seeText(ui(lang, 'public.paySuccess.title'));
    await payer.shot(`online-payment-success-${lang}`);

    // The order shows its exchanges with Alipay; the invoice is paid.
    await payer.page.getByRole('link', { name: ui(lang, 'payment.toOrder') }).click();
    await payer.page.waitForURL(/\/invoice\/orderList\/invoiceOrderDetail\?id=/);
    await expect.poll(() => payer.stateTag(), POLL).toBe(ord.status('success'));
    await payer.seeText(ui(lang, 'payment.kinds.notify'), payer.page.getByTestId('payment-exchanges'));
    await payer.shot(`online-payment-order-${lang}`);
    await payer.page.goto(`${portalServer.url}${invoiceReg.entity.routes.detail}?id=${invoice.id}`);
    await expect.poll(() => payer.stateTag(), POLL).toBe(inv.status('paid'));
    await payer.shot(`online-payment-invoice-paid-${lang}`);
    await payer.page.context().close();
  });
});
