import { zeroAddress, type Address, type Hex } from 'viem';
import { AppError } from '../../common/errors';
import type { OrderDraft } from '../../common/ipc/commands/signing';
import { parseAmount } from '../../common/protocol/amounts';
import { checkedAppDataHash } from '../../common/protocol/app-data';
import { resolveChain } from '../../common/protocol/chains';
import { NATIVE_TOKEN_MARKER } from '../../common/protocol/contracts';
import { domainFor, type ProtocolDomain } from '../../common/protocol/domain';
import type { Environment } from '../../common/protocol/environments';
import { orderDigest, type OrderStruct } from '../../common/protocol/order';
import { orderUid } from '../../common/protocol/order-uid';
import { checkValidTo } from '../../common/protocol/valid-to';

export interface BuiltOrder {
  struct: OrderStruct;
  domain: ProtocolDomain;
  digest: Hex;
  uid: Hex;
  owner: Address;
}

/**
 * Rebuilds the exact struct main will sign from the renderer's intent, and
 * refuses what the service would refuse anyway, before anything is signed:
 * zero or oversized amounts, selling native ETH, the same token twice, a
 * validTo in the past or in milliseconds, appData that is not a JSON document.
 * The domain comes from main's own environment, never from the renderer.
 */
export function buildOrder(draft: OrderDraft, environment: Environment, nowSeconds: number): BuiltOrder {
  return withDigest(orderParts(draft, environment, nowSeconds), draft);
}

/** The checked struct and main's domain, before any hashing (the signer process hashes it on its own). */
export function orderParts(draft: OrderDraft, environment: Environment, nowSeconds: number): Pick<BuiltOrder, 'struct' | 'domain'> {
  const chain = resolveChain(draft.chainId);
  const sellAmount = parseAmount(draft.sellAmount, 'sellAmount');
  const buyAmount = parseAmount(draft.buyAmount, 'buyAmount');
  if (sellAmount === 0n || buyAmount === 0n) {
    throw new AppError('ZeroAmount', 'Both the sell and the buy amount must be greater than zero.');
  }
  if (draft.sellToken.toLowerCase() === NATIVE_TOKEN_MARKER.toLowerCase()) {
    throw new AppError('InvalidNativeSellToken', 'Native ETH cannot be sold with a signed order; sell the wrapped token (WETH) instead.');
  }
  if (draft.sellToken.toLowerCase() === draft.buyToken.toLowerCase()) {
    throw new AppError('SameBuyAndSellToken', 'The sell and buy tokens are the same. Choose two different tokens.');
  }
  checkValidTo(draft.validTo, nowSeconds);

  const struct: OrderStruct = {
    sellToken: draft.sellToken,
    buyToken: draft.buyToken,
    receiver: draft.receiver && draft.receiver !== zeroAddress ? draft.receiver : zeroAddress,
    sellAmount,
    buyAmount,
    validTo: draft.validTo,
    appData: checkedAppDataHash(draft.fullAppData),
    // The live service rejects any non-zero fee (NonZeroFee): costs are in the amounts.
    feeAmount: 0n,
    kind: draft.kind,
    partiallyFillable: draft.partiallyFillable,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
  };
  return { struct, domain: domainFor(chain.id, environment) };
}

/** The EIP-712 digest and the UID it starts. */
export function withDigest({ struct, domain }: Pick<BuiltOrder, 'struct' | 'domain'>, draft: Pick<OrderDraft, 'account' | 'validTo'>): BuiltOrder {
  const digest = orderDigest(struct, domain);
  return { struct, domain, digest, uid: orderUid(digest, draft.account, draft.validTo), owner: draft.account };
}
