import type { EffectHandler } from '../effects/runner.ts';
import type { ClosedTrade, PaymentOrders } from './order-service.ts';

/**
 * The payment order machine's effects (workflows/payment-order.machine.ts), run by the effect
 * worker after the transition commits and retried with backoff when the provider fails:
 * `closeAtProvider` (cancel, auto-cancel) and `refundAtProvider` (staff refund). The provider is
 * called in the effect's `call` phase, with no transaction open (the effect leased), and what it
 * said is written in a transaction of its own: a slow provider never holds a lock or, on the
 * embedded database, the one connection every request needs.
 */
export function paymentEffects(orders: () => PaymentOrders): { closeAtProvider: EffectHandler<ClosedTrade[]>; refundAtProvider: EffectHandler } {
  const accepts = (machine: string) => (machine === 'paymentOrder' ? undefined : `only the payment order machine closes and refunds at a provider (not '${machine}')`);
  return {
    closeAtProvider: {
      accepts,
      call: (db, effect) => orders().closeAtProvider(db, effect.subjectId),
      run: (tx, _effect, closed) => orders().applyClosed(tx, closed ?? []),
    },
    refundAtProvider: {
      accepts,
      call: (db, effect) => orders().refundAtProvider(db, effect.subjectId, String(effect.params.reason ?? '')),
      // The refund leaves nothing to write: its exchanges are logged as they happen, the order is refunded already.
      run: () => Promise.resolve(),
    },
  };
}
