import type { EntityRegistry } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { getRecord } from '../entities/records-repo.ts';
import type { EntityService } from '../entities/service.ts';

/**
 * A payment received for an invoice, reported by server code (the payment service, on a
 * provider's verified notify) in the caller's transaction. `amount` is in the invoice's minor
 * units (fen for CNY), an integer. The invoice machine's PAYMENT_RECEIVED is sent with what the
 * ledger gives: `amount`, `outstanding` (balance after this payment) and `paidAmount` (paid in
 * total, written into the document; the balance is the entity's computed field). A payment larger
 * than the balance, or not a positive integer, is refused (400 PAYMENT_AMOUNT_INVALID); an invoice
 * that does not take a payment (paid, cancelled) answers false and nothing changes.
 */
export async function recordInvoicePayment(
  tx: Queryable,
  service: EntityService,
  registry: EntityRegistry,
  invoiceId: string,
  payment: { amount: number; paymentOrderNo?: string },
  actorId: string,
): Promise<boolean> {
  const reg = registry.get('invoice');
  const invoice = await getRecord(tx, reg, invoiceId, { all: true }, true);
  if (!invoice) throw new ApiError(404, 'NOT_FOUND');
  const balance = Number(invoice.doc.invoiceBalance ?? 0);
  const paid = Number(invoice.doc.paidAmount ?? 0);
  const { amount } = payment;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > balance) {
    throw new ApiError(400, 'PAYMENT_AMOUNT_INVALID', { amount: String(amount), balance: String(balance) });
  }
  const payload = { amount, outstanding: balance - amount, paidAmount: paid + amount, ...(payment.paymentOrderNo ? { paymentOrderNo: payment.paymentOrderNo } : {}) };
  return service.sendInside(tx, reg, invoiceId, { type: 'PAYMENT_RECEIVED', payload }, actorId);
}
