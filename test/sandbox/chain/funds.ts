import { erc20Abi, parseEther, type Address } from 'viem';
import type { SandboxState } from '../state';
import type { ChainClient } from './client';
import { TOKEN_ABI, TOKEN_MINTER } from './tokens';

/** What the orderbook asks about an owner's sell token, answered by the chain. */
export interface ChainFunds {
  balance(owner: Address, token: Address): Promise<bigint>;
  /** Allowance to the vault relayer, the approval target that matters. */
  allowance(owner: Address, token: Address): Promise<bigint>;
}

/**
 * The chain's view of balances and allowances when the sandbox runs chains
 * (production only: staging's contracts are not on them); undefined otherwise,
 * and the sandbox's ledger answers instead.
 */
export function chainFunds(state: SandboxState, chainId: number): ChainFunds | undefined {
  if (!state.chain || state.environment !== 'production' || !state.chain.chainIds.includes(chainId as never)) return undefined;
  const client = state.chain.client(chainId);
  const relayer = state.chain.contracts.vaultRelayer;
  return {
    balance: (owner, token) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    allowance: (owner, token) => client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, relayer] }),
  };
}

/** Mints or burns (as the token's minter) until `owner` holds exactly `amount`. */
export async function setTokenBalance(client: ChainClient, token: Address, owner: Address, amount: bigint): Promise<void> {
  const current = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  if (current === amount) return;
  const minting = amount > current;
  const delta = minting ? amount - current : current - amount;
  let value: bigint | undefined;
  if (minting) {
    // A wrapped native token only mints against the native value it wraps.
    const wrapsNative = await client
      .readContract({ address: token, abi: TOKEN_ABI, functionName: 'symbol' })
      .then((symbol) => symbol === 'WETH' || symbol === 'WXDAI');
    if (wrapsNative) {
      value = delta;
      await client.setBalance({ address: TOKEN_MINTER, value: (await client.getBalance({ address: TOKEN_MINTER })) + delta + parseEther('1') });
    }
  }
  const hash = await client.writeContract({
    account: TOKEN_MINTER,
    address: token,
    abi: TOKEN_ABI,
    functionName: minting ? 'mint' : 'burn',
    args: [owner, delta],
    value,
    chain: client.chain,
  });
  await client.waitForTransactionReceipt({ hash });
}

/** The owner approves `spender` for `amount` (impersonated: it is the owner's own transaction). */
export async function approveFor(client: ChainClient, token: Address, owner: Address, spender: Address, amount: bigint): Promise<void> {
  await client.impersonateAccount({ address: owner });
  // The gas is lent and the native balance put back, so an account without gas stays without.
  const native = await client.getBalance({ address: owner });
  await client.setBalance({ address: owner, value: native + parseEther('1') });
  const hash = await client.writeContract({ account: owner, address: token, abi: erc20Abi, functionName: 'approve', args: [spender, amount], chain: client.chain });
  await client.waitForTransactionReceipt({ hash });
  await client.setBalance({ address: owner, value: native });
}
