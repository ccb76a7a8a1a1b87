import { and, assign, emit, not, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/** The lifecycle of an invoice (SPEC §4 "Invoice"). Rules: invoice.rules.md. */
export type InvoiceEvent =
  | { type: 'PAYMENT_RECEIVED'; amount: number; outstanding: number }
  | { type: 'REQUEST_AMENDMENT'; reason: string }
  | { type: 'REISSUE' }
  | { type: 'CANCEL'; reason: string };

export const invoiceMachine = setup({
  types: {
    context: {} as { paid: boolean },
    events: {} as InvoiceEvent,
    emitted: {} as { type: 'paymentRecorded'; amount: number } | { type: 'notifyFinance'; template: string },
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && event.reason.trim().length > 0,
    isSettled: ({ event }) => event.type === 'PAYMENT_RECEIVED' && event.outstanding <= 0,
    isPaymentPositive: ({ event }) => event.type === 'PAYMENT_RECEIVED' && event.amount > 0,
    wasPaid: ({ context }) => context.paid,
  },
  actions: {
    recordPayment: emit(({ event }) => ({ type: 'paymentRecorded' as const, amount: event.type === 'PAYMENT_RECEIVED' ? event.amount : 0 })),
    notifyFinance: emit((_, params: { template: string }) => ({ type: 'notifyFinance' as const, template: params.template })),
    markPaid: assign({ paid: true }),
  },
}).createMachine({
  id: 'invoice',
  initial: 'toBePaid',
  context: { paid: false },
  meta: machineMeta<InvoiceEvent>({
    label: L('发票', 'Invoice'),
    specification: { reason: L('规格：发票模块（SPEC §4 发票）尚未实现，由该模块绑定为实体生命周期。', 'Specification: the invoice module (SPEC §4 Invoice) is not built yet; it will bind this machine as an entity lifecycle.') },
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isPaymentPositive: L('付款金额大于零', 'the amount paid is positive'),
      isSettled: L('已无未付金额', 'nothing is outstanding'),
      wasPaid: L('曾经付款', 'it was paid'),
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
      meta: meta({ label: L('待付款', 'To be paid'), description: L('部分付款会被记录；无未付金额时发票即为已付款。', 'Partial payments are recorded; the invoice is paid once nothing is outstanding.') }),
      on: {
        PAYMENT_RECEIVED: [
          { target: 'paid', guard: 'isSettled', actions: 'recordPayment' },
          { guard: 'isPaymentPositive', actions: 'recordPayment' },
        ],
        REQUEST_AMENDMENT: { target: 'amendmentNeeded', guard: 'hasReason', actions: { type: 'notifyFinance', params: { template: 'invoiceAmendment' } } },
        CANCEL: { target: 'cancelled', guard: 'hasReason' },
      },
    },
    paid: {
      meta: meta({ label: L('已付款', 'Paid') }),
      entry: 'markPaid',
      on: {
        REQUEST_AMENDMENT: { target: 'amendmentNeeded', guard: 'hasReason', actions: { type: 'notifyFinance', params: { template: 'paidInvoiceAmendment' } } },
      },
    },
    amendmentNeeded: {
      meta: meta({ label: L('待修改', 'Amendment needed'), description: L('抬头、税号或金额需更正；重开的发票保留原付款状态。', 'Title, tax number or amount to be corrected; a reissued invoice keeps its payment status.') }),
      on: {
        REISSUE: [{ target: 'paid', guard: 'wasPaid' }, { target: 'toBePaid' }],
        CANCEL: { target: 'cancelled', guard: and(['hasReason', not('wasPaid')]) },
      },
    },
    cancelled: { type: 'final', meta: meta({ label: L('已作废', 'Cancelled') }) },
  },
});
