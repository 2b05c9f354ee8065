import { createPublicClient, erc20Abi, getAddress, http, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../sandbox';
import { startChains, type SandboxChains } from '../../sandbox/chain';
import { localChain, SANDBOX_CHAIN_IDS } from '../../sandbox/chain/client';
import { ETHFLOW_ABI } from '../../sandbox/chain/ethflow-deployment';

/** The production addresses, as CoW Swap and @cowprotocol/cow-sdk's config know them. */
const ETHFLOW_PROD = getAddress('0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC');
/** The barn deployment of cowprotocol/ethflowcontract's broadcast files (nonce 0 of the same deployer). */
const ETHFLOW_BARN = getAddress('0x04501b9b1d52e67f6862d157e00d13419d2d6e95');
const SETTLEMENT = getAddress('0x9008D19f58AAbD9eD0D60971565AA8510560ab41');
const VAULT_RELAYER = getAddress('0xC92E8bdf79f0507f65a392b0ab4667716BFE0110');

describe('sandbox chains: CoW’s EthFlow contract from its replayed creation transaction', () => {
  let chains: SandboxChains;
  beforeAll(async () => {
    chains = await startChains({ now: 1_800_000_000 });
  });
  afterAll(() => chains.close());

  it.each(SANDBOX_CHAIN_IDS)('chain %i: prod and barn EthFlow answer the chain’s settlement contract and wrapped native token over HTTP', async (chainId) => {
    const client = createPublicClient({ chain: localChain(chainId, chains.rpcUrls[chainId]!), transport: http(chains.rpcUrls[chainId]) });
    const wrapped = TOKENS[chainId]!.find((token) => token.symbol === 'WETH' || token.symbol === 'WXDAI')!.address;
    expect(chains.ethFlow).toEqual({ prod: ETHFLOW_PROD, barn: ETHFLOW_BARN });
    for (const address of [ETHFLOW_PROD, ETHFLOW_BARN]) {
      const read = (functionName: 'cowSwapSettlement' | 'wrappedNativeToken') => client.readContract({ address, abi: ETHFLOW_ABI, functionName });
      expect(await read('cowSwapSettlement')).toBe(SETTLEMENT);
      expect(await read('wrappedNativeToken')).toBe(wrapped);
      // The constructor's own side effect: the vault relayer may pull the wrapped ETH it holds for orders.
      expect(await client.readContract({ address: wrapped, abi: erc20Abi, functionName: 'allowance', args: [address, VAULT_RELAYER] })).toBe(maxUint256);
    }
    // One init code, two creations: the same runtime code (immutables included) at both addresses.
    const prodCode = await client.getCode({ address: ETHFLOW_PROD });
    expect(prodCode?.length).toBeGreaterThan(10_000);
    expect(await client.getCode({ address: ETHFLOW_BARN })).toBe(prodCode);
  });
});
