import type { PaymentTypeId } from './provider.ts';

/**
 * What an adapter throws when a provider refuses or cannot be trusted. `alreadyPaid`: a close
 * found the order paid (the service records the payment and staff refund it); `rejected`: the
 * provider answered with an error code; `unverified`: its answer's signature does not hold;
 * `transport`: no usable answer.
 */
export type ProviderErrorCode = 'alreadyPaid' | 'rejected' | 'unverified' | 'transport' | 'notPaid';

export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentTypeId,
    readonly code: ProviderErrorCode,
    message: string,
    /** The provider's own error code, when it gave one. */
    readonly providerCode?: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'PaymentProviderError';
  }
}
