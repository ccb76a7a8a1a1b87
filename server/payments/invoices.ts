import { stateOptions, type EntityRecord, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Queryable } from '../db/database.ts';
import { getRecord } from '../entities/records-repo.ts';
import type { EntityService } from '../entities/service.ts';
import { scopeOf } from '../entities/visibility.ts';
import { ApiError } from '../http/errors.ts';

/** What paying needs of an invoice (the commercial module's `invoice` entity: amounts in integer minor units). */
export interface PayableInvoice {
  id: string;
  no: string;
  balanceFen: number;
}

/**
 * The selected invoices, each visible to the user, to be paid (not paid already: SPEC §8 'Paid,
 * please re select another invoice to pay'), in CNY, with a balance; in the caller's transaction.
 */
export async function payableInvoices(tx: Queryable, registry: EntityRegistry, ids: readonly string[], user: SessionUser, lang: Language): Promise<PayableInvoice[]> {
  const reg = registry.get('invoice');
  const out: PayableInvoice[] = [];
  for (const id of ids) {
    const invoice = await getRecord(tx, reg, id, scopeOf(user, registry));
    if (!invoice) throw new ApiError(404, 'NOT_FOUND');
    const no = String(invoice.doc.invoiceNo ?? invoice.id);
    const state = invoice.states.$status ?? '';
    const balanceFen = Number(invoice.doc.invoiceBalance ?? 0);
    if (state === 'paid' || (state === 'toBePaid' && balanceFen <= 0)) throw new ApiError(400, 'INVOICE_ALREADY_PAID', { invoiceNo: no });
    if (state !== 'toBePaid') {
      const label = stateOptions(reg, '$status', lang).find((o) => o.value === state)?.label ?? state;
      throw new ApiError(400, 'INVOICE_NOT_PAYABLE', { invoiceNo: no, state: label });
    }
    if (invoice.doc.currency !== 'CNY') throw new ApiError(400, 'INVOICE_NOT_CNY', { invoiceNo: no, currency: String(invoice.doc.currency) });
    if (!Number.isSafeInteger(balanceFen)) throw new ApiError(400, 'INVOICE_NOT_PAYABLE', { invoiceNo: no, state });
    out.push({ id, no, balanceFen });
  }
  return out;
}

/** A paid order's invoices each record the payment of their balance (PAYMENT_RECEIVED → paid), in the order's transaction. */
export async function recordInvoicesPaid(tx: Queryable, service: EntityService, registry: EntityRegistry, order: EntityRecord, actorId: string): Promise<void> {
  const reg = registry.get('invoice');
  for (const id of (order.doc.invoiceIds as string[] | undefined) ?? []) {
    const invoice = await getRecord(tx, reg, id, { all: true }, true);
    if (!invoice) continue;
    const balance = Number(invoice.doc.invoiceBalance ?? 0);
    const paid = Number(invoice.doc.paidAmount ?? 0);
    if (balance <= 0) continue;
    const payload = { amount: balance, outstanding: 0, paidAmount: paid + balance, paymentOrderNo: String(order.doc.orderNo) };
    await service.sendInside(tx, reg, id, { type: 'PAYMENT_RECEIVED', payload }, actorId);
  }
}
