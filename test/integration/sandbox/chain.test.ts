import { domain as cowDomain } from '@cowprotocol/contracts';
import { ethers } from 'ethers';
import { createPublicClient, erc20Abi, getAddress, http, maxUint256, parseAbi, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNDED_UNITS, SOLVER, TEST_ACCOUNTS, TOKENS } from '../../sandbox';
import { startChains, type SandboxChains } from '../../sandbox/chain';
import { localChain, SANDBOX_CHAIN_IDS } from '../../sandbox/chain/client';
import { AUTHENTICATOR_ABI, SETTLEMENT_ABI } from '../../sandbox/chain/cow-deployment';

const SETTLEMENT = getAddress('0x9008D19f58AAbD9eD0D60971565AA8510560ab41');
const VAULT_RELAYER = getAddress('0xC92E8bdf79f0507f65a392b0ab4667716BFE0110');
/** GPv2Settlement.domainSeparator() on Ethereum mainnet, as the live contract answers it. */
const MAINNET_DOMAIN_SEPARATOR = '0xc078f884a2676e1345748b1feace7b0abee5d00ecadb6e574dcdd109a63e8943';
const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256)']);

describe('sandbox chains: the real settlement contract at its real address', () => {
  let chains: SandboxChains;
  beforeAll(async () => {
    chains = await startChains({ now: 1_800_000_000 });
  });
  afterAll(() => chains.close());

  // A client over the served HTTP endpoint, the way the app and wallets reach the chain.
  const overHttp = (chainId: (typeof SANDBOX_CHAIN_IDS)[number]) =>
    createPublicClient({ chain: localChain(chainId, chains.rpcUrls[chainId]!), transport: http(chains.rpcUrls[chainId]) });

  it.each(SANDBOX_CHAIN_IDS)('chain %i answers eth_chainId and the settlement domain separator over HTTP', async (chainId) => {
    const client = overHttp(chainId);
    expect(await client.getChainId()).toBe(chainId);
    const separator = await client.readContract({ address: SETTLEMENT, abi: SETTLEMENT_ABI, functionName: 'domainSeparator' });
    // Independent of this repo's protocol code: ethers' EIP-712 domain hash of @cowprotocol/contracts' domain.
    expect(separator).toBe(ethers.utils._TypedDataEncoder.hashDomain(cowDomain(chainId, SETTLEMENT)));
    if (chainId === 1) expect(separator).toBe(MAINNET_DOMAIN_SEPARATOR);
    expect(await client.readContract({ address: SETTLEMENT, abi: SETTLEMENT_ABI, functionName: 'vaultRelayer' })).toBe(VAULT_RELAYER);
  });

  it('allow-lists the sandbox solver and nobody else in the authenticator', async () => {
    const client = chains.client(1);
    const isSolver = (who: Address) => client.readContract({ address: chains.contracts.authenticator, abi: AUTHENTICATOR_ABI, functionName: 'isSolver', args: [who] });
    expect(await isSolver(SOLVER)).toBe(true);
    expect(await isSolver(TEST_ACCOUNTS.trader.address)).toBe(false);
  });

  it('places each known token with its real decimals, read through Multicall3 at its canonical address', async () => {
    const client = overHttp(100);
    const tokens = TOKENS[100]!;
    const answers = await client.multicall({
      contracts: tokens.flatMap((token) => [
        { address: token.address, abi: erc20Abi, functionName: 'decimals' },
        { address: token.address, abi: erc20Abi, functionName: 'symbol' },
      ]),
      allowFailure: false,
    });
    expect(answers).toEqual(tokens.flatMap((token) => [token.decimals, token.symbol]));
    // viem's multicall went to the canonical address, where the sandbox put the code.
    expect(getAddress(localChain(100, '').contracts.multicall3.address)).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    expect(await client.getCode({ address: '0xcA11bde05977b3631167028862bE2a173976CA11' })).toMatch(/^0x[0-9a-f]{100,}$/);
  });

  it('funds the test accounts: approved, unapproved and empty', async () => {
    const client = chains.client(1);
    const usdc = TOKENS[1]!.find((token) => token.symbol === 'USDC')!;
    const read = (functionName: 'balanceOf' | 'allowance', args: readonly [Address] | readonly [Address, Address]) =>
      client.readContract({ address: usdc.address, abi: erc20Abi, functionName, args } as never) as Promise<bigint>;
    const { trader, noAllowance, unfunded } = TEST_ACCOUNTS;
    expect(await read('balanceOf', [trader.address])).toBe(FUNDED_UNITS * 10n ** 6n);
    expect(await read('allowance', [trader.address, VAULT_RELAYER])).toBe(maxUint256);
    expect(await read('balanceOf', [noAllowance.address])).toBe(FUNDED_UNITS * 10n ** 6n);
    expect(await read('allowance', [noAllowance.address, VAULT_RELAYER])).toBe(0n);
    expect(await read('balanceOf', [unfunded.address])).toBe(0n);
    expect(await client.getBalance({ address: unfunded.address })).toBe(0n);
  });

  it('WETH wraps and unwraps like WETH9, signed with a public test key over HTTP', async () => {
    const { trader2 } = chains.keys;
    const weth = TOKENS[8453]!.find((token) => token.symbol === 'WETH')!.address;
    const { createWalletClient } = await import('viem');
    const { privateKeyToAccount } = await import('viem/accounts');
    const wallet = createWalletClient({ account: privateKeyToAccount(trader2.privateKey), chain: localChain(8453, chains.rpcUrls[8453]!), transport: http(chains.rpcUrls[8453]) });
    const client = overHttp(8453);
    const before = await client.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [trader2.address] });
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: weth, abi: wethAbi, functionName: 'deposit', value: parseEther('2') }) });
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: weth, abi: wethAbi, functionName: 'withdraw', args: [parseEther('0.5')] }) });
    expect(await client.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [trader2.address] })).toBe(before + parseEther('1.5'));
    // Fully backed, like WETH9: the contract holds exactly the native value it owes.
    expect(await client.getBalance({ address: weth })).toBe(await client.readContract({ address: weth, abi: erc20Abi, functionName: 'totalSupply' }));
  });
});

describe('startSandbox({ chain: true })', () => {
  it('exposes each chain’s RPC URL, a viem client and the public test keys, and close() stops the RPC servers', async () => {
    const { startSandbox } = await import('../../sandbox');
    const sandbox = await startSandbox({ chain: true });
    const chain = sandbox.chain!;
    expect(Object.keys(chain.rpcUrls).map(Number).sort((a, b) => a - b)).toEqual([1, 100, 8453, 42161, 11155111]);
    expect(await chain.client(42161).getChainId()).toBe(42161);
    expect(chain.keys.trader.address).toBe(TEST_ACCOUNTS.trader.address);
    const url = chain.rpcUrls[1]!;
    await sandbox.close();
    await expect(fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })).rejects.toThrow();
  });
});
