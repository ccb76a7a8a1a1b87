import type { EntityRecord, PayStart, PaymentExchange } from '../../engine/api-contract.ts';
import { request } from './client.ts';

export type { PayStart, PaymentExchange };

export interface PaymentTrade {
  tradeNo: string;
  attempt: number;
  status: string;
  provider: string;
}

/** What paying answers; `sandbox`: the order is paid at a sandbox gateway, where no money moves. */
export interface OrderAndStart {
  order: EntityRecord;
  start: PayStart;
  sandbox: boolean;
}

/** The payment calls (docs/payments.md). */
export const paymentTypes = () => request<string[]>('/api/payments/types');
export const payInvoices = (invoiceIds: readonly string[], payType: string | undefined) =>
  request<OrderAndStart>('/api/payments/orders', { method: 'POST', json: { invoiceIds, ...(payType ? { payType } : {}) } });
export const payOrder = (id: string) => request<OrderAndStart>(`/api/payments/orders/${encodeURIComponent(id)}/pay`, { method: 'POST' });
/** The order as the return page shows it (the server asks the provider when no notify came yet); the page shows a failure itself. */
export const orderOutcome = (id: string) => request<EntityRecord & { sandbox?: boolean }>(`/api/payments/orders/${encodeURIComponent(id)}/outcome`, { quiet: true });
export const orderExchanges = (id: string) =>
  request<{ trades: PaymentTrade[]; exchanges: PaymentExchange[]; sandbox?: boolean }>(`/api/payments/orders/${encodeURIComponent(id)}/exchanges`);

export const paymentKeys = {
  types: ['payments', 'types'] as const,
  outcome: (id: string) => ['payments', 'outcome', id] as const,
  exchanges: (id: string) => ['payments', 'exchanges', id] as const,
};

/** Sends the browser on to the provider: its pay page (a redirect or a posted form). A QR code is shown by the caller. */
export function followPayStart(start: PayStart): void {
  if (start.kind === 'redirect') {
    window.location.assign(start.url);
    return;
  }
  if (start.kind === 'form') {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = start.action;
    for (const [name, value] of Object.entries(start.fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  }
}
