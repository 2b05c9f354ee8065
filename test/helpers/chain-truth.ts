import { erc20Abi, type Address, type Hex } from 'viem';
import type { Sandbox } from '../sandbox';
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
    async trades(uid: string): Promise<ChainTrade[]> {
      const logs = await client.getContractEvents({ address: chain.contracts.settlement, abi: SETTLEMENT_ABI, eventName: 'Trade', fromBlock: 0n });
      return (logs as unknown as ChainTrade[]).filter((log) => log.args.orderUid.toLowerCase() === uid.toLowerCase());
    },
  };
}
