import type { Hex } from 'viem';
import { CHAINS } from '../../../main/common/protocol/chains';
import type { CompetitionRecord, OrderRecord, TradeRecord } from '../records';
import type { SandboxState } from '../state';
import { effectiveValidTo } from './expiry';
import { planFill } from './fill-plan';

export interface SettlementFill {
  uid: Hex;
  chainId: number;
  txHash: Hex;
  auctionId: number;
  executedSell: bigint;
  executedBuy: bigint;
  fee: bigint;
  /** The order is fulfilled after this fill. */
  complete: boolean;
}

export interface SettlementReport {
  fills: SettlementFill[];
  /** Open orders this batch left alone, and why. */
  skipped: { uid: Hex; reason: 'limit-price' | 'insufficient-balance' | 'insufficient-allowance' }[];
}

/** Surplus above this share of the limit amount counts as a price improvement worth telling. */
const PRICE_IMPROVEMENT_BPS = 100n;

/**
 * One batch auction per chain: every open, unexpired order whose limit price the
 * price table meets is settled (oldest first) in one transaction per chain, with
 * trades, a solver competition, ledger transfers and notifications.
 */
export function settleBatch(state: SandboxState, partialFraction: number): SettlementReport {
  const report: SettlementReport = { fills: [], skipped: [] };
  const now = state.clock.now();
  for (const chain of CHAINS) {
    const open = [...state.orders.values()]
      .filter((order) => order.chainId === chain.id && order.phase === 'open' && effectiveValidTo(order) >= now)
      .sort((a, b) => a.createdAt - b.createdAt || a.sequence - b.sequence);
    if (open.length === 0) continue;
    const batch: CompetitionRecord = {
      chainId: chain.id,
      auctionId: ++state.counters.auction,
      blockNumber: ++state.counters.block,
      txHash: state.prng.hex(32),
      prices: {},
      trades: [],
    };
    for (const order of open) settleOrder(state, order, batch, partialFraction, report);
    if (batch.trades.length > 0) state.competitions.push(batch);
  }
  return report;
}

function settleOrder(state: SandboxState, order: OrderRecord, batch: CompetitionRecord, fraction: number, report: SettlementReport): void {
  const { chainId, struct, owner } = order;
  const plan = planFill(order, state.prices, fraction);
  if (!plan) {
    report.skipped.push({ uid: order.uid, reason: 'limit-price' });
    return;
  }
  const short = state.ledger.balance(chainId, owner, struct.sellToken) < plan.sell;
  if (short || state.ledger.allowance(chainId, owner, struct.sellToken) < plan.sell) {
    report.skipped.push({ uid: order.uid, reason: short ? 'insufficient-balance' : 'insufficient-allowance' });
    if (!order.balanceShortNotified) state.notifications.emit('insufficient_balance', order);
    order.balanceShortNotified = true;
    return;
  }
  order.balanceShortNotified = false;
  order.executedSell += plan.sell;
  order.executedBuy += plan.buy;
  order.executedFee += plan.fee;
  if (plan.complete) order.phase = 'fulfilled';
  state.ledger.transfer(chainId, {
    owner,
    receiver: order.receiver ?? owner,
    sellToken: struct.sellToken,
    buyToken: struct.buyToken,
    sell: plan.sell,
    buy: plan.buy,
  });
  const trade: TradeRecord = {
    chainId,
    blockNumber: batch.blockNumber,
    logIndex: batch.trades.length,
    orderUid: order.uid,
    owner,
    sellToken: struct.sellToken,
    buyToken: struct.buyToken,
    sellAmount: plan.sell,
    buyAmount: plan.buy,
    txHash: batch.txHash,
    auctionId: batch.auctionId,
  };
  batch.trades.push(trade);
  state.trades.push(trade);
  for (const token of [struct.sellToken, struct.buyToken]) {
    batch.prices[token.toLowerCase()] = String(BigInt(Math.round(Number(state.prices.sellTokenPrice(chainId, token) ?? 0) * 1e18)));
  }
  state.notifications.emit(plan.complete ? 'order_filled' : 'order_partially_filled', order);
  if (plan.surplusBps >= PRICE_IMPROVEMENT_BPS) state.notifications.emit('price_improvement', order, { surplusBps: plan.surplusBps.toString() });
  report.fills.push({
    uid: order.uid,
    chainId,
    txHash: batch.txHash,
    auctionId: batch.auctionId,
    executedSell: plan.sell,
    executedBuy: plan.buy,
    fee: plan.fee,
    complete: plan.complete,
  });
}
