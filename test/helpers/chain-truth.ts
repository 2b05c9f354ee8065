import { erc20Abi, zeroAddress, type Address, type Hex } from 'viem';
import { expect } from 'vitest';
import type { Sandbox, SettlementReport } from '../sandbox';
import { SETTLEMENT_ABI } from '../sandbox/chain/cow-deployment';

/** A Trade event of GPv2Settlement, as the contract emitted it. */
export interface ChainTrade {
  transactionHash: Hex;
  args: { owner: Address; sellToken: Address; buyToken: Address; sellAmount: bigint; buyAmount: bigint; feeAmount: bigint; orderUid: Hex };
}

/**
 * What the chain itself says about orders: the settlement contract's Trade
 * events and the owners' token balances, read over the sandbox's RPC, never
 * through the app or the orderbook's bookkeeping. Tests compare the app's
 * account of a fill with this.
 */
export function chainTruth(sandbox: Sandbox, chainId = 1) {
  const chain = sandbox.chain;
  if (!chain) throw new Error('This sandbox runs no chains: start it with { chain: true }');
  const client = chain.client(chainId);
  return {
    balance: (owner: Address, token: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    /** When the transaction's block was mined, epoch ms: the chain's own clock. */
    async minedAt(hash: Hex): Promise<number> {
      const { blockNumber } = await client.getTransactionReceipt({ hash });
      return Number((await client.getBlock({ blockNumber })).timestamp) * 1000;
    },
    async trades(uid: string): Promise<ChainTrade[]> {
      const logs = await client.getContractEvents({ address: chain.contracts.settlement, abi: SETTLEMENT_ABI, eventName: 'Trade', fromBlock: 0n });
      return (logs as unknown as ChainTrade[]).filter((log) => log.args.orderUid.toLowerCase() === uid.toLowerCase());
    },
  };
}

/**
 * One batch settled by GPv2Settlement on the sandbox chain, then proved from
 * the chain rather than from the report: each fill has its Trade event in the
 * settlement transaction with the reported amounts, and every owner's sell and
 * buy token balances moved across that block by exactly what their Trade
 * events say (to the owner when the order has no other receiver).
 */
export async function settleAndCheckChain(sandbox: Sandbox, options: { partialFraction?: number } = {}): Promise<SettlementReport> {
  if (!sandbox.onChain) throw new Error('This sandbox runs no chains: start it with { chain: true }');
  const report = await sandbox.onChain.settle(options);
  const moved = new Map<string, { chainId: number; owner: Address; token: Address; block: bigint; delta: bigint }>();
  for (const fill of report.fills) {
    const truth = chainTruth(sandbox, fill.chainId);
    const trades = (await truth.trades(fill.uid)).filter((trade) => trade.transactionHash === fill.txHash);
    expect(trades, `Trade event of ${fill.uid} in ${fill.txHash}`).toHaveLength(1);
    const { args } = trades[0]!;
    expect({ sell: args.sellAmount, buy: args.buyAmount }, `Trade event amounts of ${fill.uid}`).toEqual({ sell: fill.executedSell, buy: fill.executedBuy });
    const named = (sandbox.orders.get(fill.uid) as { receiver?: Address | null }).receiver;
    const receiver = !named || named === zeroAddress ? args.owner : named;
    const block = (await sandbox.chain!.client(fill.chainId).getTransactionReceipt({ hash: fill.txHash })).blockNumber;
    const add = (owner: Address, token: Address, delta: bigint) => {
      const key = `${fill.chainId}:${owner}:${token}`.toLowerCase();
      const entry = moved.get(key) ?? { chainId: fill.chainId, owner, token, block, delta: 0n };
      entry.delta += delta;
      moved.set(key, entry);
    };
    add(args.owner, args.sellToken, -(args.sellAmount + args.feeAmount));
    add(receiver, args.buyToken, args.buyAmount);
  }
  for (const { chainId, owner, token, block, delta } of moved.values()) {
    const client = sandbox.chain!.client(chainId);
    const at = (blockNumber: bigint) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber });
    expect((await at(block)) - (await at(block - 1n)), `${token} balance of ${owner} across the settlement`).toBe(delta);
  }
  return report;
}
