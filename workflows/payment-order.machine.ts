import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * An online payment order (SPEC §4 "Payment", §9: pay within 15 minutes of submission, else
 * auto-cancel). The `paymentOrder` entity (schemas/paymentOrder/) runs it; the provider's
 * notify and order query send PAYMENT_NOTIFIED / PAYMENT_FAILED (server/payments/). Rules:
 * payment-order.rules.md.
 */
export type PaymentOrderEvent =
  | { type: 'PAYMENT_NOTIFIED'; paidFen: number; orderFen: number }
  | { type: 'PAYMENT_FAILED'; reason: string }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  | { type: 'REFUND'; reason: string };

/** The payment window, from submission (SPEC §9). */
export const PAYMENT_WINDOW_MS = 15 * 60 * 1000;

export const paymentOrderMachine = setup({
  types: {
    events: {} as PaymentOrderEvent,
    emitted: {} as { type: 'closeAtProvider' } | { type: 'refundAtProvider'; reason: string },
  },
  guards: {
    isAmountMatching: ({ event }) => event.type === 'PAYMENT_NOTIFIED' && event.paidFen === event.orderFen && event.paidFen > 0,
    hasReason: ({ event }) => 'reason' in event && event.reason.trim().length > 0,
  },
  actions: {
    closeAtProvider: emit({ type: 'closeAtProvider' as const }),
    refundAtProvider: emit(({ event }) => ({ type: 'refundAtProvider' as const, reason: event.type === 'REFUND' ? event.reason : '' })),
  },
  delays: { paymentWindow: PAYMENT_WINDOW_MS },
}).createMachine({
  id: 'paymentOrder',
  initial: 'open',
  meta: machineMeta<PaymentOrderEvent>({
    label: L('支付订单', 'Payment order'),
    statusLabel: L('支付状态', 'Payment status'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isAmountMatching: L('金额一致', 'the amount matches'),
    },
    events: {
      PAYMENT_NOTIFIED: {
        label: L('支付通知', 'Payment notified'),
        examples: [{ paidFen: 10000, orderFen: 10000 }, { paidFen: 1, orderFen: 10000 }],
      },
      PAYMENT_FAILED: { label: L('支付失败', 'Payment failed'), examples: [{ reason: 'TRADE_CLOSED' }] },
      RETRY: { label: L('重新支付', 'Pay again') },
      CANCEL: { label: L('取消订单', 'Cancel order') },
      REFUND: { label: L('退款', 'Refund'), examples: [{ reason: 'Paid after cancellation' }] },
    },
  }),
  states: {
    open: {
      initial: 'waitingForPayment',
      meta: meta({ label: L('未完成', 'Open'), description: L('支付时限从提交订单起计算，重新支付不会重置。', 'The payment window runs from submission, across retries.') }),
      after: { paymentWindow: { target: 'cancelled', actions: 'closeAtProvider' } },
      on: { CANCEL: { target: 'cancelled', actions: 'closeAtProvider' } },
      states: {
        waitingForPayment: {
          meta: meta({ label: L('待支付', 'Waiting for payment') }),
          on: {
            PAYMENT_NOTIFIED: { target: '#paymentOrder.success', guard: 'isAmountMatching' },
            PAYMENT_FAILED: 'failed',
          },
        },
        failed: {
          meta: meta({ label: L('支付失败', 'Failed') }),
          on: { RETRY: 'waitingForPayment' },
        },
      },
    },
    success: {
      meta: meta({ label: L('支付成功', 'Success') }),
      on: { REFUND: { target: 'refunded', guard: 'hasReason', actions: 'refundAtProvider' } },
    },
    cancelled: {
      meta: meta({
        label: L('已取消', 'Cancelled'),
        description: L('若取消后仍收到支付成功通知，订单记为“取消后已支付”，由员工退款。', 'A payment notified after the cancellation is recorded as "Paid after cancellation", for staff to refund.'),
      }),
      on: { PAYMENT_NOTIFIED: { target: 'paidAfterCancel', guard: 'isAmountMatching' } },
    },
    paidAfterCancel: {
      meta: meta({ label: L('取消后已支付', 'Paid after cancellation') }),
      on: { REFUND: { target: 'refunded', guard: 'hasReason', actions: 'refundAtProvider' } },
    },
    refunded: { type: 'final', meta: meta({ label: L('已退款', 'Refunded') }) },
  },
});
