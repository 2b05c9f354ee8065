import { erc20Abi, getAddress, type Address, type PublicClient } from 'viem';
import { z } from 'zod';
import { isNodeFailure } from '../wallet/node-errors';
import { AppError } from '../../common/errors';
import { chainName } from '../../common/protocol/chains';
import { tokenListTokenSchema } from '../../common/tokens/token-list';

/** What a token contract says of itself, held to the same bounds as a token list entry. */
export const chainTokenSchema = tokenListTokenSchema.pick({ address: true, symbol: true, name: true, decimals: true });
export type ChainToken = z.infer<typeof chainTokenSchema>;

/**
 * Symbol, name and decimals of a token address, asked of the token contract
 * itself over the chain's JSON-RPC. An address that does not answer as an
 * ERC-20 (no contract, no decimals) is refused: a guessed decimals value would
 * move every amount by orders of magnitude.
 */
export async function readTokenFromChain(client: PublicClient, chainId: number, address: Address): Promise<ChainToken> {
  const read = <F extends 'symbol' | 'name' | 'decimals'>(functionName: F) => client.readContract({ address, abi: erc20Abi, functionName });
  const [symbol, name, decimals] = await Promise.allSettled([read('symbol'), read('name'), read('decimals')]);
  if (decimals.status === 'rejected' || symbol.status === 'rejected') {
    const failed: unknown = decimals.status === 'rejected' ? decimals.reason : (symbol as PromiseRejectedResult).reason;
    // A node that did not answer says nothing about the token: its own error, never "not a token".
    if (isNodeFailure(failed)) throw failed;
    const code = await client.getCode({ address });
    const what = code === undefined || code === '0x' ? 'there is no contract at this address' : 'the contract does not answer symbol() and decimals() as an ERC-20 token does';
    throw new AppError('NOT_A_TOKEN', `${address} cannot be used as a token on ${chainName(chainId)}: ${what}.`, { details: { reason: shortReason(failed) } });
  }
  const parsed = chainTokenSchema.safeParse({
    address: getAddress(address),
    symbol: symbol.value.trim(),
    // Many tokens answer name(); one that does not is still usable by its symbol.
    name: name.status === 'fulfilled' ? name.value.trim() : symbol.value.trim(),
    decimals: decimals.value,
  });
  if (!parsed.success) throw new AppError('NOT_A_TOKEN', `${address} on ${chainName(chainId)} answers a symbol, name or decimals no token list would accept (${parsed.error.issues[0]?.message ?? 'invalid'}).`);
  return parsed.data;
}

function shortReason(error: unknown): string {
  const text = error instanceof Error ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  return text.split('\n')[0] ?? text;
}
