import type { EntityRecord } from '../../../engine/api-contract.ts';
import { hasPermission } from '../../../engine/permissions.ts';
import { useSession } from '../../auth/session-store.ts';
import { PayInvoicesButton, invoiceToPay } from './PayInvoicesButton.tsx';

/** The payer's "Pay" on an invoice to be paid, on its detail page (the list of /todo/quotationAndInvoice pays several). */
export function InvoicePayPanel({ record }: { record: EntityRecord }) {
  const permissions = useSession((s) => s.permissions);
  const companyId = useSession((s) => s.userInfo?.companyId);
  const payer = (record.doc.payer as { companyId?: string } | undefined)?.companyId;
  if (record.states.$status !== 'toBePaid' || !hasPermission(permissions, 'paymentOrder:pay') || payer !== companyId) return null;
  return <PayInvoicesButton invoices={[invoiceToPay(record)]} />;
}
