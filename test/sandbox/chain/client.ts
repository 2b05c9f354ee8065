import { createClient, custom, defineChain, publicActions, testActions, walletActions, type EIP1193Provider } from 'viem';
import { arbitrum, base, gnosis, mainnet, sepolia } from 'viem/chains';

/** viem's description of each sandbox chain (names, native currency, Multicall3). */
const VIEM_CHAINS = { 1: mainnet, 100: gnosis, 11155111: sepolia, 42161: arbitrum, 8453: base } as const;
export type SandboxChainId = keyof typeof VIEM_CHAINS;
export const SANDBOX_CHAIN_IDS = Object.keys(VIEM_CHAINS).map(Number) as SandboxChainId[];

/** The chain as viem knows it, with its RPC pointed at the local node instead of the public one. */
export function localChain(chainId: SandboxChainId, rpcUrl: string) {
  const known = VIEM_CHAINS[chainId];
  return defineChain({ ...known, rpcUrls: { default: { http: [rpcUrl] } } });
}

/** One client with public, wallet and hardhat test actions, over the in-process provider. */
export function chainClient(chainId: SandboxChainId, rpcUrl: string, provider: EIP1193Provider) {
  return createClient({ chain: localChain(chainId, rpcUrl), transport: custom(provider), pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
    .extend(testActions({ mode: 'hardhat' }));
}

export type ChainClient = ReturnType<typeof chainClient>;
