import { assign, emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * The lifecycle of an invoice (SPEC §4 "Invoice"), bound to the `invoice` entity
 * (schemas/invoice/). Rules: invoice.rules.md. PAYMENT_RECEIVED is sent by the server only (its
 * action is `by: "server"`): the payment service reports a payment with
 * `recordInvoicePayment` (server/commercial/invoice-payments.ts), amounts in minor units.
 */
export type InvoiceEvent =
  | { type: 'PAYMENT_RECEIVED'; amount: number; outstanding: number }
  | { type: 'REQUEST_AMENDMENT'; reason: string }
  | { type: 'REISSUE' }
  | { type: 'CANCEL'; reason: string };

export const invoiceMachine = setup({
  types: {
    context: {} as { outstanding: number | null },
    events: {} as InvoiceEvent,
    emitted: {} as { type: 'sendEmail'; template: string },
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && event.reason.trim().length > 0,
    isSettled: ({ event }) => event.type === 'PAYMENT_RECEIVED' && event.outstanding <= 0,
    isPaymentPositive: ({ event }) => event.type === 'PAYMENT_RECEIVED' && event.amount > 0,
  },
  actions: {
    sendEmail: emit((_, params: { template: string }) => ({ type: 'sendEmail' as const, template: params.template })),
    noteOutstanding: assign({ outstanding: ({ event }) => (event.type === 'PAYMENT_RECEIVED' ? event.outstanding : null) }),
  },
}).createMachine({
  id: 'invoice',
  initial: 'toBePaid',
  context: { outstanding: null },
  meta: machineMeta<InvoiceEvent>({
    label: L('发票', 'Invoice'),
    statusLabel: L('发票状态', 'Invoice status'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isPaymentPositive: L('付款金额大于零', 'the amount paid is positive'),
      isSettled: L('已无未付金额', 'nothing is outstanding'),
    },
    events: {
      PAYMENT_RECEIVED: {
        label: L('收到付款', 'Payment received'),
        examples: [{ amount: 500, outstanding: 0 }, { amount: 200, outstanding: 300 }],
      },
      REQUEST_AMENDMENT: { label: L('申请修改', 'Request amendment'), examples: [{ reason: 'Wrong tax number' }] },
      REISSUE: { label: L('重开发票', 'Reissue') },
      CANCEL: { label: L('作废', 'Cancel'), examples: [{ reason: 'Order cancelled' }] },
    },
  }),
  states: {
    toBePaid: {
      entry: { type: 'sendEmail', params: { template: 'invoiceIssued' } },
      meta: meta({ label: L('待付款', 'To be paid'), description: L('部分付款会被记录；无未付金额时发票即为已付款。', 'Partial payments are recorded; the invoice is paid once nothing is outstanding.') }),
      on: {
        PAYMENT_RECEIVED: [
          { target: 'paid', guard: 'isSettled', actions: 'noteOutstanding' },
          { guard: 'isPaymentPositive', actions: 'noteOutstanding' },
        ],
        REQUEST_AMENDMENT: { target: 'amendmentNeeded', guard: 'hasReason' },
        CANCEL: { target: 'cancelled', guard: 'hasReason' },
      },
    },
    // Paid ends the invoice: a payment received is not amended (nor cancelled) in the portal.
    paid: {
      type: 'final',
      meta: meta({ label: L('已付款', 'Paid') }),
      entry: { type: 'sendEmail', params: { template: 'invoicePaid' } },
    },
    amendmentNeeded: {
      meta: meta({ label: L('待修改', 'Amendment needed'), description: L('抬头、税号或金额需更正；重开后待付款。', 'Title, tax number or amount to be corrected; reissued, it is to be paid again.') }),
      on: {
        REISSUE: 'toBePaid',
        CANCEL: { target: 'cancelled', guard: 'hasReason' },
      },
    },
    cancelled: { type: 'final', meta: meta({ label: L('已作废', 'Cancelled') }) },
  },
});
