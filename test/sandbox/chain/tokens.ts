import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getAddress, maxUint256, parseEther, type Abi, type Address, type Hash, type Hex } from 'viem';
import { FUNDED_UNITS, TEST_ACCOUNTS } from '../account-fixtures';
import { TOKENS, UNLISTED_LOOKALIKE, UNLISTED_TOKEN, type TokenFixture } from '../token-fixtures';
import type { ChainClient } from './client';
import { loadArtifacts } from './compile';

/** Mints test tokens; an address nobody has a key for, impersonated on the node. */
export const TOKEN_MINTER: Address = getAddress('0x5ad0000000000000000000000000000000005ad0');
export const MULTICALL3: Address = getAddress('0xcA11bde05977b3631167028862bE2a173976CA11');

const artifacts = loadArtifacts();
export const TOKEN_ABI = artifacts.contracts.SandboxWrappedNative.abi as Abi;

/** The wrapped native token of each chain (WETH9 or WXDAI): it gets deposit/withdraw. */
const WRAPPED_SYMBOLS = new Set(['WETH', 'WXDAI']);
export const isWrappedNative = (token: TokenFixture) => WRAPPED_SYMBOLS.has(token.symbol);

/**
 * Multicall3's creation code as viem ships it (for its deployless multicall).
 * viem's package exports do not expose the constant, so it is read by file path.
 */
function multicall3CreationCode(): Hex {
  const require = createRequire(import.meta.url);
  const viemDir = dirname(require.resolve('viem/package.json'));
  return (require(join(viemDir, '_cjs/constants/contracts.js')) as { multicall3Bytecode: Hex }).multicall3Bytecode;
}

/** Multicall3 at its canonical address: the creation code run once (eth_call) yields the runtime code. */
async function placeMulticall3(client: ChainClient): Promise<void> {
  const { data } = await client.call({ data: multicall3CreationCode() });
  if (!data) throw new Error('Multicall3 creation code returned no runtime code');
  await client.setCode({ address: MULTICALL3, bytecode: data });
}

/**
 * ERC-20s at the addresses the app knows for this chain, with their real
 * decimals, and the test accounts' funding: trader, trader2, noAllowance and
 * banned hold FUNDED_UNITS of each; all but noAllowance approve the vault
 * relayer for everything; unfunded holds nothing, not even gas.
 */
export async function placeTokens(client: ChainClient, vaultRelayer: Address, fund: boolean): Promise<void> {
  const chainId = client.chain.id;
  await placeMulticall3(client);
  await client.impersonateAccount({ address: TOKEN_MINTER });
  await client.setBalance({ address: TOKEN_MINTER, value: parseEther('100000000') });
  const tokens = TOKENS[chainId] ?? [];
  const pending: Hash[] = [];
  const send = async (account: Address, address: Address, functionName: string, args: unknown[], value?: bigint) => {
    pending.push(await client.writeContract({ account, address, abi: TOKEN_ABI, functionName, args, value, chain: client.chain }));
  };
  for (const token of tokens) {
    const code = isWrappedNative(token) ? artifacts.contracts.SandboxWrappedNative : artifacts.contracts.SandboxToken;
    await client.setCode({ address: token.address, bytecode: code.deployedBytecode });
    await send(TOKEN_MINTER, token.address, 'initialize', [token.symbol, token.symbol, token.decimals, TOKEN_MINTER]);
  }
  for (const unlisted of [UNLISTED_TOKEN, UNLISTED_LOOKALIKE]) {
    await client.setCode({ address: unlisted.address, bytecode: artifacts.contracts.SandboxToken.deployedBytecode });
    await send(TOKEN_MINTER, unlisted.address, 'initialize', [unlisted.name, unlisted.symbol, unlisted.decimals, TOKEN_MINTER]);
  }
  if (fund) {
    const { trader, trader2, noAllowance, banned, unfunded } = TEST_ACCOUNTS;
    for (const token of tokens) {
      const amount = FUNDED_UNITS * 10n ** BigInt(token.decimals);
      for (const owner of [trader, trader2, noAllowance, banned]) {
        await send(TOKEN_MINTER, token.address, 'mint', [owner.address, amount], isWrappedNative(token) ? amount : undefined);
      }
    }
    for (const owner of [trader, trader2, banned]) {
      await client.impersonateAccount({ address: owner.address });
      for (const token of tokens) await send(owner.address, token.address, 'approve', [vaultRelayer, maxUint256]);
    }
    await client.setBalance({ address: unfunded.address, value: 0n });
  }
  // Automine mined each call as it was sent; one failed receipt means broken fixtures.
  for (const hash of pending) {
    const receipt = await client.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`Token setup transaction ${hash} on chain ${chainId} reverted`);
  }
}
