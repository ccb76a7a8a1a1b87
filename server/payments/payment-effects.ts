import type { EffectHandler } from '../effects/runner.ts';
import type { PaymentOrders } from './order-service.ts';
import { withExchangesIn } from './payments-repo.ts';

/**
 * The payment order machine's effects (workflows/payment-order.machine.ts), run by the effect
 * worker after the transition commits and retried with backoff when the provider fails:
 * `closeAtProvider` (cancel, auto-cancel) and `refundAtProvider` (staff refund).
 */
export function paymentEffects(orders: () => PaymentOrders): Record<'closeAtProvider' | 'refundAtProvider', EffectHandler> {
  const accepts = (machine: string) => (machine === 'paymentOrder' ? undefined : `only the payment order machine closes and refunds at a provider (not '${machine}')`);
  return {
    closeAtProvider: { accepts, run: (tx, effect) => withExchangesIn(tx, () => orders().closeAtProvider(tx, effect.subjectId)) },
    refundAtProvider: { accepts, run: (tx, effect) => withExchangesIn(tx, () => orders().refundAtProvider(tx, effect.subjectId, String(effect.params.reason ?? ''))) },
  };
}
