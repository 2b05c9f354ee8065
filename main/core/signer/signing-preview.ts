import { zeroAddress, type Address } from 'viem';
import type { Account } from '../../common/ipc/commands/accounts';
import type { OrderDraft, SigningPreview } from '../../common/ipc/commands/signing';
import { formatUnits } from '../../common/protocol/amounts';
import { resolveChain } from '../../common/protocol/chains';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import type { BuiltOrder } from './order-draft';

const PRICE_DIGITS = 8;

/**
 * What the user confirms before signing, decoded from the struct main will
 * sign (not from what the renderer thinks it sent): tokens and amounts in
 * human units, the limit price, who receives, when it expires, the appData.
 */
export function signingPreview(draft: OrderDraft, built: BuiltOrder, environment: Environment, account: Account): SigningPreview {
  const { struct } = built;
  const chain = resolveChain(draft.chainId);
  const sell = tokenAmount(chain.id, struct.sellToken, struct.sellAmount);
  const buy = tokenAmount(chain.id, struct.buyToken, struct.buyAmount);
  const receiver = struct.receiver && struct.receiver !== zeroAddress ? struct.receiver : built.owner;
  const receiverIsOwner = receiver.toLowerCase() === built.owner.toLowerCase();
  const appData = summariseAppData(draft.fullAppData);

  const warnings: string[] = [];
  if (!receiverIsOwner) warnings.push(`The bought tokens go to ${receiver}, not to the signing account.`);
  if (environment === 'staging') warnings.push('Staging: signed for the staging settlement contract; not valid on production.');
  if (sell.symbol === null || buy.symbol === null) warnings.push('A token is unknown to CoW Desk: amounts are shown in raw base units.');

  return {
    environment,
    chainId: chain.id,
    chainName: chain.name,
    owner: built.owner,
    accountLabel: account.label,
    accountKind: account.kind,
    kind: struct.kind,
    sell,
    buy,
    limitPrice: limitPrice(sell, buy, struct.sellAmount, struct.buyAmount),
    receiver,
    receiverIsOwner,
    validTo: struct.validTo,
    expiresAt: new Date(struct.validTo * 1000).toISOString(),
    partiallyFillable: struct.partiallyFillable,
    appData: { hash: struct.appData, bytes: new TextEncoder().encode(draft.fullAppData).length, ...appData },
    signingScheme: draft.signingScheme,
    verifyingContract: built.domain.verifyingContract,
    digest: built.digest,
    uid: built.uid,
    warnings,
  };
}

function tokenAmount(chainId: number, token: Address, amount: bigint): SigningPreview['sell'] {
  const known = findKnownToken(chainId, token);
  return {
    token,
    symbol: known?.symbol ?? null,
    decimals: known?.decimals ?? null,
    amount: amount.toString(),
    display: known ? `${formatUnits(amount, known.decimals)} ${known.symbol}` : `${amount} base units`,
  };
}

/** "1 SELL = x BUY" at the signed amounts, computed in integers to avoid float rounding. */
function limitPrice(sell: SigningPreview['sell'], buy: SigningPreview['buy'], sellAmount: bigint, buyAmount: bigint): string | null {
  if (sell.decimals === null || buy.decimals === null) return null;
  const scaled = (buyAmount * 10n ** BigInt(sell.decimals + PRICE_DIGITS)) / (sellAmount * 10n ** BigInt(buy.decimals));
  return `1 ${sell.symbol} = ${formatUnits(scaled, PRICE_DIGITS)} ${buy.symbol}`;
}

function summariseAppData(fullAppData: string) {
  const doc = JSON.parse(fullAppData) as { appCode?: unknown; metadata?: { orderClass?: { orderClass?: unknown }; quote?: { slippageBips?: unknown } } };
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
  return {
    appCode: text(doc.appCode),
    orderClass: text(doc.metadata?.orderClass?.orderClass),
    slippageBips: text(doc.metadata?.quote?.slippageBips),
  };
}
