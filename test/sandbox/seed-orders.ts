import { getAddress, type Address, type Hex } from 'viem';
import { appDataHash } from '../../main/common/protocol/app-data';
import { domainFor } from '../../main/common/protocol/domain';
import { orderDigest, type OrderStruct } from '../../main/common/protocol/order';
import { orderUid } from '../../main/common/protocol/order-uid';
import { ETHFLOW_CONTRACT } from './account-fixtures';
import type { OrderPhase, OrderRecord } from './records';
import type { SandboxState } from './state';
import { TOKENS, type TokenFixture } from './token-fixtures';

const SPACING_SECONDS = 60;
const HISTORY_APP_DATA = '{"appCode":"CoW Swap","metadata":{"orderClass":{"orderClass":"limit"}},"version":"1.1.0"}';

/**
 * Order history for an owner, straight into the store: real digests and UIDs
 * (placeholder signatures), one minute apart and older than anything submitted,
 * so "newest first" paging is deterministic. Open orders have limits 20% beyond
 * market, so settle() leaves them alone until a test moves prices. Every
 * seventh order is an EthFlow order placed by `owner`. Returns UIDs newest first.
 */
export function seedOrders(state: SandboxState, chainId: number, owner: string, count: number, openShare = 0.25): Hex[] {
  const priced = (TOKENS[chainId] ?? []).filter((token) => token.usd !== null && token.symbol !== 'FOT');
  if (priced.length < 2) throw new Error(`chain ${chainId} has no token pair to seed orders with`);
  const user = getAddress(owner);
  const hash = appDataHash(HISTORY_APP_DATA);
  state.appData.set(hash, HISTORY_APP_DATA);
  const now = state.clock.now();
  const uids: Hex[] = [];
  for (let index = 0; index < count; index += 1) {
    state.counters.seedCursor = Math.min(state.counters.seedCursor, now - 86_400) - SPACING_SECONDS;
    const createdAt = state.counters.seedCursor;
    const [sell, buy] = state.prng.shuffle(priced) as [TokenFixture, TokenFixture];
    const phase: OrderPhase = state.prng.next() < openShare ? 'open' : state.prng.pick(['fulfilled', 'fulfilled', 'fulfilled', 'expired', 'cancelled'] as const);
    const ethflow = index % 7 === 3;
    const kind = state.prng.next() < 0.8 ? 'sell' : 'buy';
    const sellAmount = BigInt(1 + state.prng.int(1000)) * 10n ** BigInt(sell.decimals);
    const market = state.prices.convert(chainId, sell.address, buy.address, sellAmount, 'down') ?? 1n;
    // Open: 20% beyond market (unfillable); history: 1% inside market (it did fill).
    const buyAmount = phase === 'open' ? (market * 120n) / 100n : (market * 99n) / 100n;
    const userValidTo = phase === 'open' ? now + 3600 * (1 + state.prng.int(48)) : createdAt + 1800;
    const struct: OrderStruct = {
      sellToken: sell.address,
      buyToken: buy.address,
      receiver: null,
      sellAmount,
      buyAmount: buyAmount === 0n ? 1n : buyAmount,
      validTo: ethflow ? 0xffffffff : userValidTo,
      appData: hash,
      feeAmount: 0n,
      kind,
      partiallyFillable: state.prng.next() < 0.2,
    };
    const orderOwner: Address = ethflow ? ETHFLOW_CONTRACT : user;
    const uid = orderUid(orderDigest(struct, domainFor(chainId, state.environment)), orderOwner, struct.validTo);
    const order: OrderRecord = {
      chainId,
      uid,
      owner: orderOwner,
      struct,
      receiver: null,
      signingScheme: ethflow ? 'eip1271' : 'eip712',
      signature: state.prng.hex(65),
      fullAppData: HISTORY_APP_DATA,
      appDataHash: hash,
      quoteId: null,
      fullBalanceCheck: false,
      class: 'limit',
      createdAt,
      sequence: ++state.counters.sequence,
      phase,
      invalidated: phase === 'cancelled',
      onchainUser: ethflow ? user : null,
      ethflow: ethflow ? { userValidTo, sender: user, refundTxHash: null, placementError: null } : null,
      // A filled sell order sold everything; a filled buy order bought exactly buyAmount.
      executedSell: phase !== 'fulfilled' ? 0n : kind === 'sell' ? sellAmount : (sellAmount * 99n) / 100n,
      executedBuy: phase !== 'fulfilled' ? 0n : kind === 'sell' ? market : struct.buyAmount,
      executedFee: 0n,
      balanceShortNotified: false,
    };
    state.orders.set(uid, order);
    if (phase === 'fulfilled') recordHistoricTrade(state, order);
    uids.push(uid);
  }
  return uids;
}

function recordHistoricTrade(state: SandboxState, order: OrderRecord): void {
  state.trades.push({
    chainId: order.chainId,
    // One block per 12 s of creation time, below the blocks the sandbox settles in.
    blockNumber: Math.floor(order.createdAt / 12) - 130_000_000,
    logIndex: state.prng.int(200),
    orderUid: order.uid,
    owner: order.owner,
    sellToken: order.struct.sellToken,
    buyToken: order.struct.buyToken,
    sellAmount: order.executedSell,
    buyAmount: order.executedBuy,
    txHash: state.prng.hex(32),
    auctionId: 9_000_000 + state.prng.int(1_000_000),
  });
}
