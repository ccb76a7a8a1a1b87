import { describe, expect, it } from 'vitest';
import { createStaticRegistry, text, type Language } from '../../engine/index.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { EntityService } from '../../server/entities/service.ts';
import { validTrf } from '../support/api-harness.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * The payer's quotations, statements and invoices to act on (issue 16), one declared tabbed page
 * (/todo/quotationAndInvoice/quotationAndInvoice): confirm a quotation from its row, reject one
 * with a reason, download a statement's PDF, reject the statement with a reason, select two
 * invoices and reach the pay dialog (paying itself: online-payment.test.ts). Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const [quotationReg, statementReg, invoiceReg] = ['quotation', 'statement', 'invoice'].map((e) => registry.get(e));
const PAGE = '/todo/quotationAndInvoice/quotationAndInvoice';
const payer = { companyId: 'c-applicant', name: '演示申请方有限公司' };

/** What staff issued for this run (through the entity service, as the API would): quotations, a statement, invoices. */
async function issued(month: string) {
  const service = new EntityService(portalServer.db, undefined, registry);
  const staff = (await userByAccount(portalServer.db, 'staff'))!;
  const applicant = (await userByAccount(portalServer.db, 'applicant'))!;
  const trf = registry.get('trf');
  const quotation = async (issuedDate: string, serviceAmount: number) => {
    const made = await service.create(trf, { doc: validTrf({ quotationNeeded: true }) }, applicant, 'zh-CN');
    const sent = await service.send(trf, made.id, { type: 'SUBMIT', version: made.version }, applicant, 'zh-CN');
    if ('deleted' in sent) throw new Error('TRF removed');
    const q = await service.create(quotationReg!, { doc: { trfId: sent.id, trfNo: sent.doc.trfNo, payer, currency: 'CNY', serviceAmount, issuedDate } }, staff, 'zh-CN');
    return { id: q.id, no: String(q.doc.quotationNo), version: q.version };
  };
  const toConfirm = await quotation(`${month}-20`, 150000);
  const toReject = await quotation(`${month}-21`, 99000);
  const onStatement = await quotation(`${month}-05`, 42000);
  await service.send(quotationReg!, onStatement.id, { type: 'CONFIRM', version: onStatement.version }, applicant, 'zh-CN');
  const statement = await service.create(statementReg!, { doc: { payer, periodStart: `${month}-01`, periodEnd: `${month}-10` } }, staff, 'zh-CN');
  const invoice = async (preTaxAmount: number) => {
    const made = await service.create(invoiceReg!, { doc: { payer, payee: '通标标准技术服务有限公司', currency: 'CNY', preTaxAmount, taxRate: 600, issuedDate: `${month}-25` } }, staff, 'zh-CN');
    return String(made.doc.invoiceNo);
  };
  return { toConfirm, toReject, statement: { id: statement.id, no: String(statement.doc.statementNo) }, invoices: [await invoice(10000), await invoice(20000)] };
}

describe('quotations, statements and invoices to act on', () => {
  it.each<[Language, string]>([
    ['zh-CN', '2026-07'],
    ['en-US', '2026-08'],
  ])('the payer confirms and rejects from the rows, downloads a PDF and reaches the pay dialog for selected invoices (%s)', async (lang, month) => {
    const made = await issued(month);
    const quo = entityTexts(quotationReg!, lang);
    const stm = entityTexts(statementReg!, lang);
    const user = await portalServer.signedIn('applicant', lang, '/wel/index');
    await user.page.goto(`${portalServer.url}${PAGE}`);
    const page = user.page;
    const row = (no: string) => page.locator('.ant-table-row', { hasText: no });
    // The page and its tabs are titled by the declarations, in the user's language.
    await user.seeText(text(quotationReg!.entity.routes.partyLists![0]!.tab!.page, lang));
    await expect.poll(() => row(made.toConfirm.no).count(), POLL).toBe(1);
    await user.shot(`quotation-and-invoice-quotations-${lang}`);

    // Confirm one quotation from its row: it no longer waits on the payer.
    await row(made.toConfirm.no).getByTestId('row-action-CONFIRM').click();
    await user.button(quo.action('CONFIRM'), user.dialog()).click();
    await user.seeText(ui(lang, 'renderer.detail.actionDone', { action: quo.action('CONFIRM') }));
    await expect.poll(() => row(made.toConfirm.no).count(), POLL).toBe(0);

    // Reject another: the reason is required, in the user's language.
    await row(made.toReject.no).getByTestId('row-action-REQUEST_AMENDMENT').click();
    const dialog = user.dialog();
    await user.button(quo.action('REQUEST_AMENDMENT'), dialog).click();
    // Without a reason the dialog stays open and marks the field.
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error, .ant-alert-error, .error-detail').count(), POLL).toBeGreaterThan(0);
    await dialog.locator('textarea').fill(lang === 'zh-CN' ? '测试项目不对' : 'Wrong test items');
    await user.button(quo.action('REQUEST_AMENDMENT'), dialog).click();
    await user.seeText(ui(lang, 'renderer.detail.actionDone', { action: quo.action('REQUEST_AMENDMENT') }));
    await expect.poll(() => row(made.toReject.no).count(), POLL).toBe(0);

    // The statements tab: its PDF downloads; the payer asks for an amendment with a reason.
    await page.getByTestId('tab-statement').click();
    await expect.poll(() => row(made.statement.no).count(), POLL).toBe(1);
    await user.shot(`quotation-and-invoice-statements-${lang}`);
    const downloading = page.waitForEvent('download');
    await row(made.statement.no).getByTestId('row-document-pdf').click();
    const download = await downloading;
    const pdf = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    await row(made.statement.no).getByTestId('row-action-REQUEST_AMENDMENT').click();
    await user.dialog().locator('textarea').fill(lang === 'zh-CN' ? '缺少一张报价单' : 'A quotation is missing');
    await user.button(stm.action('REQUEST_AMENDMENT'), user.dialog()).click();
    await user.seeText(ui(lang, 'renderer.detail.actionDone', { action: stm.action('REQUEST_AMENDMENT') }));
    await expect.poll(() => row(made.statement.no).count(), POLL).toBe(0);

    // The invoices tab: select two invoices and open the pay dialog.
    await page.getByTestId('tab-invoice').click();
    for (const no of made.invoices) {
      await expect.poll(() => row(no).count(), POLL).toBe(1);
      await row(no).locator('.ant-checkbox-input').check();
    }
    await page.getByTestId('pay-invoices').click();
    await user.seeText(ui(lang, 'payment.payTitle'), user.dialog());
    for (const no of made.invoices) await user.seeText(no, user.dialog());
    await user.shot(`quotation-and-invoice-pay-${lang}`);
    await page.context().close();
  });
});
