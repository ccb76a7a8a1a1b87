import { emit, setup } from 'xstate';
import { hostPromise } from './effects.ts';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * An online payment order (SPEC §4 "Payment", §9: pay within 15 minutes of submission, else
 * auto-cancel). Rules: payment-order.rules.md.
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
    emitted: {} as { type: 'showPaymentCode' } | { type: 'notifyRejected' } | { type: 'notifyCustomer'; template: string },
  },
  guards: {
    isAmountMatching: ({ event }) => event.type === 'PAYMENT_NOTIFIED' && event.paidFen === event.orderFen && event.paidFen > 0,
    hasReason: ({ event }) => 'reason' in event && event.reason.trim().length > 0,
  },
  actions: {
    showPaymentCode: emit({ type: 'showPaymentCode' as const }),
    rejectNotification: emit({ type: 'notifyRejected' as const }),
    notifyCustomer: emit((_, params: { template: string }) => ({ type: 'notifyCustomer' as const, template: params.template })),
  },
  actors: {
    requestRefund: hostPromise<{ refundNo: string }, { reason: string }>('requestRefund'),
  },
  delays: { paymentWindow: PAYMENT_WINDOW_MS },
}).createMachine({
  id: 'paymentOrder',
  initial: 'open',
  meta: machineMeta<PaymentOrderEvent>({
    label: L('支付订单', 'Payment order'),
    specification: { reason: L('规格：支付模块尚未实现；15 分钟自动取消将由持久定时器执行，退款需服务器能运行的效果。', 'Specification: the payment module is not built yet; its 15-minute auto-cancel will run on the durable timers, and the refund needs an effect the server runs.') },
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isAmountMatching: L('金额一致', 'the amount matches'),
    },
    events: {
      PAYMENT_NOTIFIED: {
        label: L('支付通知', 'Payment notified'),
        examples: [{ paidFen: 10000, orderFen: 10000 }, { paidFen: 1, orderFen: 10000 }],
      },
      PAYMENT_FAILED: { label: L('支付失败', 'Payment failed'), examples: [{ reason: 'Card declined' }] },
      RETRY: { label: L('重新支付', 'Pay again') },
      CANCEL: { label: L('取消订单', 'Cancel order') },
      REFUND: { label: L('退款', 'Refund'), examples: [{ reason: 'Duplicate payment' }] },
      'xstate.done.actor.refund': { label: L('退款成功', 'Refund done'), examples: [{ output: { refundNo: 'RF000001' } }] },
      'xstate.error.actor.refund': { label: L('退款失败', 'Refund failed'), examples: [{ error: 'Gateway timeout' }] },
    },
  }),
  states: {
    open: {
      initial: 'waitingForPayment',
      meta: meta({ label: L('未完成', 'Open'), description: L('支付时限从提交订单起计算，重新支付不会重置。', 'The payment window runs from submission, across retries.') }),
      after: { paymentWindow: { target: 'cancelled', actions: { type: 'notifyCustomer', params: { template: 'orderAutoCancelled' } } } },
      on: { CANCEL: 'cancelled' },
      states: {
        waitingForPayment: {
          meta: meta({ label: L('待支付', 'Waiting for payment') }),
          entry: 'showPaymentCode',
          on: {
            PAYMENT_NOTIFIED: [{ target: '#paymentOrder.success', guard: 'isAmountMatching' }, { actions: 'rejectNotification' }],
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
      entry: { type: 'notifyCustomer', params: { template: 'paymentSucceeded' } },
      on: { REFUND: { target: 'refunding', guard: 'hasReason' } },
    },
    refunding: {
      meta: meta({ label: L('退款中', 'Refunding') }),
      invoke: {
        id: 'refund',
        src: 'requestRefund',
        input: ({ event }) => ({ reason: event.type === 'REFUND' ? event.reason : '' }),
        onDone: 'refunded',
        onError: { target: 'success', actions: { type: 'notifyCustomer', params: { template: 'refundFailed' } } },
      },
    },
    refunded: { type: 'final', meta: meta({ label: L('已退款', 'Refunded') }) },
    cancelled: { type: 'final', meta: meta({ label: L('已取消', 'Cancelled') }) },
  },
});
