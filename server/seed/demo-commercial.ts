import type { EntityRegistry } from '../../engine/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { EntityService } from '../entities/service.ts';

type Doc = Record<string, unknown>;

const PAYER = { companyId: 'c-applicant', name: '演示申请方有限公司', customerNo: 'C0001' };
const PAYEE = '通标标准技术服务有限公司';

/**
 * The demo's quotations, statement, invoices and invoice information (issue 16), made through the
 * same service the API uses, so the applicant has things to act on after `npm start`: a quotation
 * to confirm (its TRF asks for one), one sent back for amendment, confirmed quotations of October
 * gathered on a statement to confirm, two invoices to pay with the sandbox, one paid earlier.
 * `submittedTrf` makes a submitted TRF that asks for a quotation.
 */
export async function seedDemoCommercial(
  service: EntityService,
  registry: EntityRegistry,
  staff: SessionUser,
  applicant: SessionUser,
  admin: SessionUser | undefined,
  submittedTrf: () => Promise<{ id: string; doc: Doc }>,
): Promise<void> {
  if (!['quotation', 'statement', 'invoice', 'invoiceInformation'].every((e) => registry.has(e))) return;
  const quotation = registry.get('quotation');
  const send = async (entity: 'quotation' | 'statement' | 'invoice', record: { id: string; version: number }, type: string, actor: SessionUser, payload?: Doc) => {
    const next = await service.send(registry.get(entity), record.id, { type, version: record.version, ...(payload ? { payload } : {}) }, actor, 'zh-CN');
    if ('deleted' in next) throw new Error(`demo ${entity} ${record.id} was removed by ${type}`);
    return next;
  };
  const issue = async (doc: Doc) => {
    const trf = await submittedTrf();
    return service.create(quotation, { doc: { trfId: trf.id, trfNo: trf.doc.trfNo, payer: PAYER, ...doc } }, staff, 'zh-CN');
  };
  // To confirm: the TRF's quotation region is "confirming".
  await issue({ currency: 'CNY', serviceAmount: 268000, hardcopyCopies: 2, issuedDate: '2026-11-18', validUntil: '2026-12-18', items: '甲醛、pH 值、色牢度 Formaldehyde, pH, colour fastness' });
  // Sent back by the applicant with a reason, waiting on the lab.
  const rejected = await issue({ currency: 'USD', serviceAmount: 45000, issuedDate: '2026-11-12', items: 'EN 71-3 soluble heavy metals' });
  await send('quotation', rejected, 'REQUEST_AMENDMENT', applicant, { reason: '缺少偶氮染料测试 Azo dyes test missing' });
  // Confirmed in October, then gathered on the October statement, which the applicant is to confirm.
  for (const doc of [
    { currency: 'CNY', serviceAmount: 156050, issuedDate: '2026-10-08' },
    { currency: 'CNY', serviceAmount: 98000, hardcopyCopies: 1, issuedDate: '2026-10-15' },
    { currency: 'HKD', serviceAmount: 320000, issuedDate: '2026-10-22' },
  ]) {
    const made = await issue(doc);
    await send('quotation', made, 'CONFIRM', applicant);
  }
  await service.create(registry.get('statement'), { doc: { payer: PAYER, periodStart: '2026-10-01', periodEnd: '2026-10-31', remark: '2026 年 10 月对账 October 2026' } }, staff, 'zh-CN');

  // Invoices: two to pay (select both and pay with the sandbox), one for October's HKD work.
  const invoice = registry.get('invoice');
  for (const doc of [
    { currency: 'CNY', preTaxAmount: 268000, taxRate: 600, issuedDate: '2026-11-20', reportNo: 'RPT-2026-1101', fapiaoNo: '04403261100001' },
    { currency: 'CNY', preTaxAmount: 98000, taxRate: 600, issuedDate: '2026-11-21', reportNo: 'RPT-2026-1102', fapiaoNo: '04403261100002' },
    { currency: 'HKD', preTaxAmount: 320000, taxRate: 0, issuedDate: '2026-11-02', periodStart: '2026-10-01', periodEnd: '2026-10-31', reportNo: 'RPT-2026-1003' },
  ]) {
    await service.create(invoice, { doc: { payer: PAYER, payee: PAYEE, ...doc } }, staff, 'zh-CN');
  }

  // The applicant company's invoice information (its admin keeps it; a second one with the same tax number is refused).
  if (admin) {
    await service.create(registry.get('invoiceInformation'), {
      doc: {
        companyName: '演示申请方有限公司', invoiceType: 'vatSpecial', taxNo: '91440300708461136T', address: '深圳市南山区科技园科苑路 1 号',
        tel: '0755-26880000', bankName: '招商银行深圳科技园支行', bankAccount: '755912345610001',
      },
    }, admin, 'zh-CN');
  }
}
