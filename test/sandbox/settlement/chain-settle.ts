import type { OrderBalance, Signature } from '@cowprotocol/contracts';
import { decodeEventLog, encodeFunctionData, getAddress, maxUint256, zeroAddress, type Address, type Hex } from 'viem';
import { chainFunds, setTokenBalance } from '../chain/funds';
import { SETTLEMENT_ABI } from '../chain/cow-deployment';
import { ETHFLOW_ABI } from '../chain/ethflow-deployment';
import { cowTooling } from '../cow-tooling';
import { indexEthFlow } from '../orderbook/ethflow-index';
import type { ChainClient } from '../chain/client';
import type { SandboxChains } from '../chain';
import { markCancelled } from '../orderbook/cancel-orders';
import type { CompetitionRecord, OrderRecord, TradeRecord } from '../records';
import type { SandboxState } from '../state';
import { effectiveValidTo } from './expiry';
import { planFill, type FillPlan } from './fill-plan';
import type { SettlementReport } from './settle';

/** Surplus above this share of the limit amount counts as a price improvement worth telling. */
const PRICE_IMPROVEMENT_BPS = 100n;

/**
 * What the chain says happened to orders outside the orderbook: an owner's
 * `setPreSignature(uid, true)` opens a presign order; `invalidateOrder(uid)`
 * (filledAmount set to max) cancels it; like live, the record keeps no
 * onchainUser for it (only orders placed on chain have one).
 */
export async function syncFromChain(state: SandboxState, chains: SandboxChains): Promise<void> {
  const { settlement } = chains.contracts;
  await indexEthFlow(state, chains.chainIds);
  for (const order of state.orders.values()) {
    if (!chains.chainIds.includes(order.chainId as never) || order.ethflow) continue;
    if (order.phase !== 'open' && order.phase !== 'presignaturePending') continue;
    const client = chains.client(order.chainId);
    const read = (functionName: 'filledAmount' | 'preSignature') =>
      client.readContract({ address: settlement, abi: SETTLEMENT_ABI, functionName, args: [order.uid] }) as Promise<bigint>;
    if ((await read('filledAmount')) === maxUint256) {
      markCancelled(state, order);
      continue;
    }
    if (order.phase === 'presignaturePending' && (await read('preSignature')) !== 0n) order.phase = 'open';
  }
}

interface PlannedTrade {
  order: OrderRecord;
  plan: FillPlan;
}

/**
 * One batch auction per chain, settled by the real GPv2Settlement: the
 * sandbox's solver (allow-listed in the authenticator) calls settle() with
 * each order's own signature and scheme, so the contract verifies every
 * signature, pulls the sell tokens through the vault relayer and pays the buy
 * tokens from the liquidity the solver brings. Each trade gets its own pair of
 * clearing prices (tokens may repeat in settle()), so every order executes at
 * exactly its planned amounts. Trades, executed amounts and the tx hash come
 * from the receipt's Trade events.
 */
export async function settleOnChain(state: SandboxState, chains: SandboxChains, partialFraction: number): Promise<SettlementReport> {
  await syncFromChain(state, chains);
  const report: SettlementReport = { fills: [], skipped: [] };
  const now = state.clock.now();
  for (const chainId of chains.chainIds) {
    const open = [...state.orders.values()]
      // An EthFlow placement the service refused (placementError) never reaches the auction.
      .filter((order) => order.chainId === chainId && order.phase === 'open' && !order.ethflow?.placementError && effectiveValidTo(order) >= now)
      .sort((a, b) => a.createdAt - b.createdAt || a.sequence - b.sequence);
    if (open.length === 0) continue;
    const planned = await planTrades(state, chainId, open, partialFraction, report);
    if (planned.length > 0) await settleTrades(state, chains, chainId, planned, report);
  }
  return report;
}

async function planTrades(state: SandboxState, chainId: number, open: OrderRecord[], fraction: number, report: SettlementReport): Promise<PlannedTrade[]> {
  const funds = chainFunds(state, chainId);
  if (!funds) return [];
  // Orders of one owner draw on the same balance: count what the batch already took.
  const taken = new Map<string, bigint>();
  const planned: PlannedTrade[] = [];
  for (const order of open) {
    const plan = planFill(order, state.prices, fraction);
    if (!plan) {
      report.skipped.push({ uid: order.uid, reason: 'limit-price' });
      continue;
    }
    // EthFlow orders: the contract holds the user's ETH (its `orders` entry is the proof) and
    // settle() wraps it first; isValidSignature judges the order inside settle().
    if (order.ethflow) {
      planned.push({ order, plan });
      continue;
    }
    const key = `${order.owner}:${order.struct.sellToken}`;
    const already = taken.get(key) ?? 0n;
    const short = (await funds.balance(order.owner, order.struct.sellToken)) < already + plan.sell;
    if (short || (await funds.allowance(order.owner, order.struct.sellToken)) < already + plan.sell) {
      report.skipped.push({ uid: order.uid, reason: short ? 'insufficient-balance' : 'insufficient-allowance' });
      if (!order.balanceShortNotified) state.notifications.emit('insufficient_balance', order);
      order.balanceShortNotified = true;
      continue;
    }
    order.balanceShortNotified = false;
    taken.set(key, already + plan.sell);
    planned.push({ order, plan });
  }
  return planned;
}

function signatureOf(order: OrderRecord): Signature {
  const { SigningScheme } = cowTooling();
  const scheme = { eip712: SigningScheme.EIP712, ethsign: SigningScheme.ETHSIGN, presign: SigningScheme.PRESIGN, eip1271: SigningScheme.EIP1271 }[order.signingScheme];
  // A pre-signed order's settle() signature is its owner's address.
  if (scheme === SigningScheme.PRESIGN) return { scheme, data: order.owner };
  if (scheme === SigningScheme.EIP1271) return { scheme, data: { verifier: order.owner, signature: order.signature } };
  return { scheme, data: order.signature };
}

function encodeTrades(planned: PlannedTrade[]) {
  const { encodeSignatureData, encodeTradeFlags, OrderKind } = cowTooling();
  const tokens: Address[] = [];
  const prices: bigint[] = [];
  const trades = planned.map(({ order, plan }, index) => {
    const { struct } = order;
    tokens.push(struct.sellToken, struct.buyToken);
    // price(sell) / price(buy) = buy / sell: the contract pays exactly plan.buy for plan.sell.
    prices.push(plan.buy, plan.sell);
    const signature = signatureOf(order);
    return {
      sellTokenIndex: BigInt(2 * index),
      buyTokenIndex: BigInt(2 * index + 1),
      receiver: struct.receiver ?? zeroAddress,
      sellAmount: struct.sellAmount,
      buyAmount: struct.buyAmount,
      validTo: struct.validTo,
      appData: struct.appData,
      feeAmount: struct.feeAmount,
      flags: BigInt(
        encodeTradeFlags({
          kind: struct.kind === 'sell' ? OrderKind.SELL : OrderKind.BUY,
          partiallyFillable: struct.partiallyFillable,
          sellTokenBalance: (struct.sellTokenBalance ?? 'erc20') as OrderBalance,
          buyTokenBalance: (struct.buyTokenBalance ?? 'erc20') as OrderBalance,
          signingScheme: signature.scheme,
        }),
      ),
      executedAmount: struct.kind === 'sell' ? plan.sell : plan.buy,
      signature: encodeSignatureData(signature) as Hex,
    };
  });
  return { tokens, prices, trades };
}

/** The solver's liquidity: the settlement contract holds the buy tokens it is about to pay out. */
async function bringLiquidity(client: ChainClient, settlement: Address, planned: PlannedTrade[]): Promise<void> {
  const owed = new Map<Address, bigint>();
  for (const { order, plan } of planned) owed.set(order.struct.buyToken, (owed.get(order.struct.buyToken) ?? 0n) + plan.buy);
  for (const [token, amount] of owed) {
    const held = await client.readContract({ address: token, abi: SETTLEMENT_TOKEN_ABI, functionName: 'balanceOf', args: [settlement] });
    await setTokenBalance(client, token, settlement, held + amount);
  }
}

const SETTLEMENT_TOKEN_ABI = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;

async function settleTrades(state: SandboxState, chains: SandboxChains, chainId: number, planned: PlannedTrade[], report: SettlementReport): Promise<void> {
  const client = chains.client(chainId);
  const { settlement, solver } = chains.contracts;
  await bringLiquidity(client, settlement, planned);
  const { tokens, prices, trades } = encodeTrades(planned);
  // The block's time follows the sandbox clock (never backwards), so validTo means the same to both.
  const latest = await client.getBlock();
  const blockTime = Math.max(state.clock.now(), Number(latest.timestamp));
  await client.setNextBlockTimestamp({ timestamp: BigInt(blockTime) });
  // Like the live solvers: EthFlow's ETH becomes the wrapped token it sells before the trades pull it.
  const ethFlowOwners = [...new Set(planned.filter(({ order }) => order.ethflow).map(({ order }) => order.owner))];
  const wrap = ethFlowOwners.map((target) => ({ target, value: 0n, callData: encodeFunctionData({ abi: ETHFLOW_ABI, functionName: 'wrapAll' }) }));
  const args = [tokens, prices, trades, [wrap, [], []]] as const;
  // Simulate first so a refusal names the contract's reason ("GPv2: invalid ecdsa signature", ...).
  await client.simulateContract({ account: solver, address: settlement, abi: SETTLEMENT_ABI, functionName: 'settle', args });
  const hash = await client.writeContract({ account: solver, address: settlement, abi: SETTLEMENT_ABI, functionName: 'settle', args, chain: client.chain });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`settle() reverted on chain ${chainId}: ${hash}`);

  const batch: CompetitionRecord = { chainId, auctionId: ++state.counters.auction, blockNumber: Number(receipt.blockNumber), txHash: hash, prices: {}, trades: [] };
  const byUid = new Map(planned.map((entry) => [entry.order.uid, entry]));
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== settlement) continue;
    const event = decodeEventLog({ abi: SETTLEMENT_ABI, data: log.data, topics: log.topics, strict: false });
    if (event.eventName !== 'Trade') continue;
    const trade = event.args as unknown as { owner: Address; sellToken: Address; buyToken: Address; sellAmount: bigint; buyAmount: bigint; orderUid: Hex };
    const entry = byUid.get(trade.orderUid.toLowerCase() as Hex);
    if (!entry) continue;
    recordTrade(state, batch, entry, trade, { logIndex: log.logIndex ?? 0, blockTime }, report);
  }
  if (batch.trades.length > 0) state.competitions.push(batch);
}

function recordTrade(
  state: SandboxState,
  batch: CompetitionRecord,
  { order, plan }: PlannedTrade,
  trade: { owner: Address; sellToken: Address; buyToken: Address; sellAmount: bigint; buyAmount: bigint },
  { logIndex, blockTime }: { logIndex: number; blockTime: number },
  report: SettlementReport,
): void {
  const { struct, chainId } = order;
  order.executedSell += trade.sellAmount;
  order.executedBuy += trade.buyAmount;
  order.executedFee += plan.fee;
  const complete = struct.kind === 'sell' ? order.executedSell >= struct.sellAmount : order.executedBuy >= struct.buyAmount;
  if (complete) order.phase = 'fulfilled';
  const record: TradeRecord = {
    chainId,
    blockNumber: batch.blockNumber,
    logIndex,
    orderUid: order.uid,
    owner: getAddress(trade.owner),
    sellToken: getAddress(trade.sellToken),
    buyToken: getAddress(trade.buyToken),
    sellAmount: trade.sellAmount,
    buyAmount: trade.buyAmount,
    txHash: batch.txHash,
    auctionId: batch.auctionId,
  };
  batch.trades.push(record);
  state.trades.push(record);
  for (const token of [struct.sellToken, struct.buyToken]) {
    batch.prices[token.toLowerCase()] = String(BigInt(Math.round(Number(state.prices.sellTokenPrice(chainId, token) ?? 0) * 1e18)));
  }
  // The notification service writes its item once the block is indexed: a second after the block.
  state.notifications.emit(complete ? 'order_filled' : 'order_partially_filled', order, {}, blockTime + 1);
  if (plan.surplusBps >= PRICE_IMPROVEMENT_BPS) state.notifications.emit('price_improvement', order, { surplusBps: plan.surplusBps.toString() }, blockTime + 1);
  report.fills.push({
    uid: order.uid,
    chainId,
    txHash: batch.txHash,
    auctionId: batch.auctionId,
    executedSell: trade.sellAmount,
    executedBuy: trade.buyAmount,
    fee: plan.fee,
    complete,
  });
}

/** The owner's own transactions on the settlement contract (impersonated: tests hold the keys anyway). */
export async function ownerCalls(chains: SandboxChains, order: OrderRecord, functionName: 'setPreSignature' | 'invalidateOrder'): Promise<Hex> {
  const client = chains.client(order.chainId);
  await client.impersonateAccount({ address: order.owner });
  const args = functionName === 'setPreSignature' ? ([order.uid, true] as const) : ([order.uid] as const);
  const hash = await client.writeContract({ account: order.owner, address: chains.contracts.settlement, abi: SETTLEMENT_ABI, functionName, args, chain: client.chain });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}
