import { describe, expect, it } from 'vitest';
import { createStaticRegistry, stateOptions, text, type Language } from '../../engine/index.ts';
import { formatCurrency } from '../../engine/format/money.ts';
import { validTrf } from '../support/api-harness.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * Issue 53 item 1, the commercial journey in the browser: staff send a priced quotation from the
 * TRF's detail (the Send quotation dialog refuses it without a price); the applicant finds it in
 * /todo/quotationAndInvoice and confirms it; the TRF's quotation is confirmed; staff make the
 * statement of the day for the payer, the applicant confirms it, and staff request its payment,
 * which issues the invoice the applicant finds to pay. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const [trfReg, quotationReg, statementReg, invoiceReg] = ['trf', 'quotation', 'statement', 'invoice'].map((e) => registry.get(e));
const TODO = '/todo/quotationAndInvoice/quotationAndInvoice';
const PAYER_NAME = '演示申请方有限公司';

type Rec = { id: string; version: number; doc: Record<string, any> };

async function signedIn(lang: Language, account: string): Promise<PortalPage> {
  const user = await portalServer.signedIn(account, lang, '/wel/index');
  return user;
}

const quotationLabel = (state: string, lang: Language) => stateOptions(trfReg!, '$quotationStatus', lang).find((o) => o.value === state)!.label;

/** Staff send the quotation from the TRF's detail: refused without a price, then sent with one. */
async function sendQuotation(staff: PortalPage, trf: Rec): Promise<void> {
  const texts = entityTexts(trfReg!, staff.lang);
  const page = staff.page;
  await page.goto(`${portalServer.url}${trfReg!.entity.routes.detail}?id=${trf.id}`);
  await staff.seeText(String(trf.doc.trfNo));
  await staff.button(texts.action('SEND_QUOTATION'), page.getByTestId('detail-actions')).click();
  const dialog = staff.dialog();
  await dialog.locator('#root_lines_0_item').fill(staff.lang === 'zh-CN' ? '甲醛含量' : 'Formaldehyde');
  // No price: the dialog says so on the field and stays open.
  await staff.button(texts.action('SEND_QUOTATION'), dialog).click();
  const action = trfReg!.entity.actions!.SEND_QUOTATION!;
  const price = (action.payloadSchema as any).properties.lines.items.properties.amount;
  await staff.seeText(text(price['x-messages'].required, staff.lang), dialog);
  await staff.shot('journey-quotation-no-price');
  await dialog.locator('#root_lines_0_amount').fill('1200.50');
  await staff.shot('journey-quotation-send-dialog');
  await staff.button(texts.action('SEND_QUOTATION'), dialog).click();
  await staff.seeText(ui(staff.lang, 'renderer.detail.actionDone', { action: texts.action('SEND_QUOTATION') }));
  await staff.seeText(quotationLabel('confirming', staff.lang), page.getByTestId('detail-states'));
  await staff.shot('journey-quotation-sent');
}

describe('the commercial journey: quotation from the TRF, confirmation, statement and invoice', () => {
  it.each<Language>(['zh-CN', 'en-US'])('in %s', async (lang) => {
    const applicant = await signedIn(lang, 'applicant');
    const made = await applicant.api<Rec>('POST', '/api/entities/trf', { doc: validTrf({ quotationNeeded: true }) });
    const trf = await applicant.api<Rec>('POST', `/api/entities/trf/${made.id}/events`, { type: 'SUBMIT', version: made.version });
    const staff = await signedIn(lang, 'staff');
    await sendQuotation(staff, trf);

    // The applicant finds it to confirm, priced, and confirms it from its row.
    const quo = entityTexts(quotationReg!, lang);
    const page = applicant.page;
    await page.goto(`${portalServer.url}${TODO}`);
    const row = (no: string) => page.locator('.ant-table-row', { hasText: no });
    await expect.poll(() => row(String(trf.doc.trfNo)).count(), POLL).toBe(1);
    await applicant.seeText(formatCurrency(120050, 'CNY', lang), row(String(trf.doc.trfNo)));
    await applicant.shot('journey-quotation-to-confirm');
    await row(String(trf.doc.trfNo)).getByTestId('row-action-CONFIRM').click();
    await applicant.button(quo.action('CONFIRM'), applicant.dialog()).click();
    await applicant.seeText(ui(lang, 'renderer.detail.actionDone', { action: quo.action('CONFIRM') }));
    await expect.poll(() => row(String(trf.doc.trfNo)).count(), POLL).toBe(0);

    // The TRF moves on: its quotation is confirmed.
    await page.goto(`${portalServer.url}${trfReg!.entity.routes.detail}?id=${trf.id}`);
    await applicant.seeText(quotationLabel('confirmed', lang), page.getByTestId('detail-states'));
    await applicant.shot('journey-quotation-trf-confirmed');

    // Staff make the statement of the day for the payer on its form.
    const stm = entityTexts(statementReg!, lang);
    const today = new Date().toISOString().slice(0, 10);
    await staff.page.goto(`${portalServer.url}${statementReg!.entity.routes.form}`);
    await staff.pick('root_payer_companyId', lang === 'zh-CN' ? PAYER_NAME : 'Demo Applicant');
    await staff.typeDate('root_periodStart', today);
    await staff.typeDate('root_periodEnd', today);
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/statement\/detail\?id=/);
    const statementId = new URL(staff.page.url()).searchParams.get('id')!;
    const statement = await staff.api<Rec>('GET', `/api/entities/statement/${statementId}`);
    await staff.seeText(String(statement.doc.statementNo));
    await staff.seeText(formatCurrency(120050, 'CNY', lang));
    await staff.shot('journey-quotation-statement');

    // The applicant confirms it in the statements tab.
    await page.goto(`${portalServer.url}${TODO}`);
    await page.getByTestId('tab-statement').click();
    await expect.poll(() => row(String(statement.doc.statementNo)).count(), POLL).toBe(1);
    await row(String(statement.doc.statementNo)).getByTestId('row-action-CONFIRM').click();
    await applicant.button(stm.action('CONFIRM'), applicant.dialog()).click();
    await applicant.seeText(ui(lang, 'renderer.detail.actionDone', { action: stm.action('CONFIRM') }));

    // Staff request its payment: the invoice is issued, for the applicant to pay.
    await staff.page.reload();
    await staff.act(stm.action('REQUEST_PAYMENT'), async (dialog) => {
      await staff.seeText(stm.confirm('REQUEST_PAYMENT'), dialog);
      await staff.button(stm.action('REQUEST_PAYMENT'), dialog).click();
    });
    await staff.seeText(stm.status('toBePaid'), staff.page.getByTestId('detail-states'));
    const invoices = await staff.api<{ items: Rec[] }>('GET', '/api/entities/invoice?pageSize=100');
    const invoice = invoices.items.find((i) => i.doc.statementId === statementId)!;
    expect(invoice.doc).toMatchObject({ statementNo: statement.doc.statementNo, currency: 'CNY', preTaxAmount: 120050 });
    await page.goto(`${portalServer.url}${TODO}`);
    await page.getByTestId('tab-invoice').click();
    await expect.poll(() => row(String(invoice.doc.invoiceNo)).count(), POLL).toBe(1);
    await applicant.shot('journey-quotation-invoice');
    await page.goto(`${portalServer.url}${invoiceReg!.entity.routes.detail}?id=${invoice.id}`);
    await applicant.seeText(String(statement.doc.statementNo));
    await applicant.shot('journey-quotation-invoice-detail');
    await page.context().close();
    await staff.page.context().close();
  });
});
