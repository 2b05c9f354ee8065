import { hashTypedData, type Hex } from 'viem';
import type { ProtocolDomain } from './domain';
import { parseOrderUid } from './order-uid';

export const CANCELLATIONS_TYPES = {
  OrderCancellations: [{ name: 'orderUids', type: 'bytes[]' }],
} as const;

/** Up to 128 UIDs per signed batch, as the orderbook accepts. */
export const MAX_CANCELLATION_BATCH = 128;

export function cancellationsTypedData(orderUids: readonly Hex[], domain: ProtocolDomain) {
  for (const uid of orderUids) parseOrderUid(uid);
  return {
    domain,
    types: CANCELLATIONS_TYPES,
    primaryType: 'OrderCancellations' as const,
    message: { orderUids },
  };
}

export function cancellationsDigest(orderUids: readonly Hex[], domain: ProtocolDomain): Hex {
  return hashTypedData(cancellationsTypedData(orderUids, domain));
}
