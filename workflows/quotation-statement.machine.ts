import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * The lifecycle of a quotation / statement sent to a customer (SPEC §4 "Quotation / statement"),
 * bound to the `quotation` and `statement` entities (schemas/quotation/, schemas/statement/).
 * A quotation relays its events to its TRF's quotation region (the entity's `relays`).
 * Mails are the entities' declared `mail`. Rules: quotation-statement.rules.md.
 */
export type QuotationStatementEvent =
  | { type: 'CONFIRM' }
  | { type: 'REQUEST_AMENDMENT'; reason: string }
  | { type: 'REVISE' }
  | { type: 'REQUEST_PAYMENT' }
  | { type: 'MARK_PAID'; paymentOrderNo: string }
  | { type: 'CANCEL'; reason: string };

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

export const quotationStatementMachine = setup({
  types: {
    events: {} as QuotationStatementEvent,
    emitted: {} as { type: 'sendEmail'; template: string },
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && hasText(event.reason),
    hasPaymentOrder: ({ event }) => event.type === 'MARK_PAID' && hasText(event.paymentOrderNo),
  },
  actions: {
    sendEmail: emit((_, params: { template: string }) => ({ type: 'sendEmail' as const, template: params.template })),
  },
}).createMachine({
  id: 'quotationStatement',
  initial: 'open',
  meta: machineMeta<QuotationStatementEvent>({
    label: L('报价单 / 对账单', 'Quotation / statement'),
    statusLabel: L('状态', 'Status'),
    guards: {
      hasPaymentOrder: L('已有付款单', 'a payment order exists'),
      hasReason: L('已填写原因', 'a reason is given'),
    },
    events: {
      CONFIRM: { label: L('确认', 'Confirm') },
      REQUEST_AMENDMENT: { label: L('要求修改', 'Request amendment'), examples: [{ reason: 'Wrong test items' }] },
      REVISE: { label: L('重新发送', 'Send revised') },
      REQUEST_PAYMENT: { label: L('发起付款', 'Request payment') },
      MARK_PAID: { label: L('已付款', 'Mark paid'), examples: [{ paymentOrderNo: 'PO000001' }] },
      CANCEL: { label: L('取消', 'Cancel'), examples: [{ reason: 'Order withdrawn' }] },
    },
  }),
  states: {
    open: {
      initial: 'toBeConfirmed',
      meta: meta({ label: L('进行中', 'Open') }),
      on: { CANCEL: { target: 'cancelled', guard: 'hasReason', actions: { type: 'sendEmail', params: { template: 'statementCancelled' } } } },
      states: {
        toBeConfirmed: {
          meta: meta({ label: L('待确认', 'To be confirmed'), description: L('客户核对项目与金额。', 'The customer checks the items and the amount.') }),
          entry: { type: 'sendEmail', params: { template: 'statementToConfirm' } },
          on: {
            CONFIRM: 'confirmed',
            REQUEST_AMENDMENT: { target: 'amendmentNeeded', guard: 'hasReason' },
          },
        },
        amendmentNeeded: {
          meta: meta({ label: L('待修改', 'Amendment needed'), editable: '*', description: L('客户说明原因后退回；由实验室修改。', 'Rejected by the customer with a reason; the lab revises it.') }),
          on: { REVISE: 'toBeConfirmed' },
        },
        confirmed: {
          meta: meta({ label: L('已确认', 'Confirmed') }),
          on: { REQUEST_PAYMENT: 'toBePaid' },
        },
        toBePaid: {
          meta: meta({ label: L('待付款', 'To be paid') }),
          entry: { type: 'sendEmail', params: { template: 'paymentRequested' } },
          on: {
            MARK_PAID: { target: '#quotationStatement.paid', guard: 'hasPaymentOrder' },
            REQUEST_AMENDMENT: { target: 'amendmentNeeded', guard: 'hasReason' },
          },
        },
      },
    },
    paid: { type: 'final', meta: meta({ label: L('已付款', 'Paid') }) },
    cancelled: { type: 'final', meta: meta({ label: L('已取消', 'Cancelled') }) },
  },
});
