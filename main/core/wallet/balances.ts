import { parseAbi, type Address, type PublicClient } from 'viem';
import type { WalletBalances } from '../../common/ipc/commands/wallet';
import { findKnownToken } from '../../common/protocol/tokens';
import { MULTICALL3 } from '../../common/wallet/wallet-facts';
import { ERC20_ABI } from './wallet-abis';

const MULTICALL3_ABI = parseAbi(['function getEthBalance(address addr) view returns (uint256)']);

/**
 * Native balance and, per token, balance and allowance to the vault relayer,
 * in one eth_call through Multicall3, all read at the same block. A token
 * whose call reverts (not an ERC-20) reads as zero rather than failing the
 * rest; a node that fails the call fails the read.
 */
export async function readBalances(
  client: PublicClient,
  query: { chainId: number; account: Address; tokens: readonly Address[]; spender: Address },
): Promise<WalletBalances> {
  // Asked afresh: a cached block number would read the state before the last transaction, and viem's
  // getBlockNumber shares one in-flight promise between callers (one stuck call would hold them all).
  const blockNumber = BigInt(await client.request({ method: 'eth_blockNumber' }));
  const calls = [
    { address: MULTICALL3, abi: MULTICALL3_ABI, functionName: 'getEthBalance', args: [query.account] } as const,
    ...query.tokens.flatMap((token) => [
      { address: token, abi: ERC20_ABI, functionName: 'balanceOf', args: [query.account] } as const,
      { address: token, abi: ERC20_ABI, functionName: 'allowance', args: [query.account, query.spender] } as const,
    ]),
  ];
  const results = await client.multicall({ contracts: calls, multicallAddress: MULTICALL3, allowFailure: true, blockNumber, batchSize: 0 });
  // All calls go in one aggregate eth_call, and the native balance never reverts: its failure is the
  // node's (unreachable, busy), never a zero balance.
  const native = results[0];
  if (native?.status === 'failure') throw native.error;
  const value = (index: number) => {
    const result = results[index];
    return result?.status === 'success' ? (result.result as bigint) : 0n;
  };
  return {
    chainId: query.chainId,
    account: query.account,
    blockNumber: Number(blockNumber),
    native: value(0).toString(),
    spender: query.spender,
    tokens: query.tokens.map((token, index) => {
      const known = findKnownToken(query.chainId, token);
      return {
        token,
        symbol: known?.symbol ?? null,
        decimals: known?.decimals ?? null,
        balance: value(1 + 2 * index).toString(),
        allowance: value(2 + 2 * index).toString(),
      };
    }),
  };
}
