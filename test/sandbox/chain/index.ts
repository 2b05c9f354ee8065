import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { getAddress, type Address, type EIP1193Provider } from 'viem';
import { TEST_ACCOUNTS, type TestAccount } from '../account-fixtures';
import { chainClient, SANDBOX_CHAIN_IDS, type ChainClient, type SandboxChainId } from './client';
import { deployCowContracts, type CowContracts } from './cow-deployment';
import { deployEthFlow, type EthFlowContracts } from './ethflow-deployment';
import { serveRpc } from './rpc-server';
import { placeTokens } from './tokens';

/**
 * Real chains under the sandbox: one in-process Hardhat EDR node per chain id
 * the sandbox plays (1, 100, 11155111, 42161, 8453), each with
 *   - its JSON-RPC served over HTTP on 127.0.0.1 (`rpcUrl`),
 *   - the deterministic deployment proxy, GPv2AllowListAuthentication and
 *     GPv2Settlement (with its vault relayer) at their production addresses,
 *     built from @cowprotocol/contracts' deployment files, and SOLVER
 *     allow-listed,
 *   - CoW's EthFlow contract (CoWSwapEthFlow) at its production address
 *     0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC and the barn one, bound to the
 *     chain's settlement contract and wrapped native token: the published
 *     creation transactions replayed (ethflow-deployment.ts),
 *   - Multicall3 at 0xcA11bde05977b3631167028862bE2a173976CA11,
 *   - ERC-20s at the token addresses of token-fixtures.ts (real decimals;
 *     WETH/WXDAI wrap and unwrap like WETH9),
 *   - TEST_ACCOUNTS funded (unless `fundTestAccounts: false`): trader,
 *     trader2, noAllowance and banned hold FUNDED_UNITS of every token; all
 *     but noAllowance approve the vault relayer without limit; unfunded holds
 *     nothing (no gas either). The keys are public hardhat test keys.
 *
 * Small API on purpose:
 *   const chains = await startChains({ now });
 *   chains.rpcUrls[1]              // 'http://127.0.0.1:port'
 *   chains.client(1)               // viem client: public + wallet + hardhat test actions
 *   chains.contracts               // settlement, vaultRelayer, authenticator, solver
 *   chains.ethFlow                 // { prod, barn } EthFlow addresses (the same on every chain)
 *   chains.keys                    // TEST_ACCOUNTS (public test keys)
 *   await chains.close()
 * Staging (barn) settlement contracts are not on these chains: see README.
 */
export interface SandboxChains {
  chainIds: readonly SandboxChainId[];
  rpcUrls: Readonly<Record<number, string>>;
  contracts: CowContracts;
  ethFlow: EthFlowContracts;
  keys: typeof TEST_ACCOUNTS;
  client(chainId: number): ChainClient;
  provider(chainId: number): EIP1193Provider;
  close(): Promise<void>;
}

export interface ChainOptions {
  /** Unix seconds of the first block (the sandbox clock's start). Default: now. */
  now?: number;
  /** Default true. */
  fundTestAccounts?: boolean;
  /** Default every sandbox chain. */
  chainIds?: readonly SandboxChainId[];
  /** The first chain's JSON-RPC port, the next chains' the ports after it; default any free ports. */
  firstPort?: number;
}

export { SANDBOX_CHAIN_IDS, type ChainClient, type SandboxChainId } from './client';
export type { CowContracts } from './cow-deployment';
export type { EthFlowContracts } from './ethflow-deployment';
export type { TestAccount };

/** Deploys from an impersonated address nobody holds a key for; only CREATE2 addresses matter. */
const DEPLOYER: Address = getAddress('0xde910000000000000000000000000000000de910');

/**
 * One Hardhat runtime per process: every `create` below is a fresh chain, so
 * sandboxes in the same test file share the runtime's start-up, not state.
 * Blocks may share a second, as on a fast chain: otherwise the setup's and
 * each settlement's blocks, a second apart, would run the chain's clock ahead
 * of the sandbox's (which moves only when a test says) and date every fill in
 * the future.
 */
let runtime: ReturnType<typeof createHardhatRuntimeEnvironment> | undefined;
const hardhat = () =>
  (runtime ??= createHardhatRuntimeEnvironment({
    networks: Object.fromEntries(SANDBOX_CHAIN_IDS.map((id) => [`chain${id}`, { type: 'edr-simulated' as const, chainId: id, allowBlocksWithSameTimestamp: true }])),
  }));

export async function startChains(options: ChainOptions = {}): Promise<SandboxChains> {
  const chainIds = options.chainIds ?? SANDBOX_CHAIN_IDS;
  // The first block's time is the sandbox clock's start, so validTo checks on chain agree with it.
  const initialDate = new Date((options.now ?? Math.floor(Date.now() / 1000)) * 1000);
  const hre = await hardhat();
  const started = await Promise.all(
    chainIds.map(async (chainId, index) => {
      const connection = await hre.network.create({ network: `chain${chainId}`, override: { initialDate } });
      const provider = connection.provider as unknown as EIP1193Provider;
      const rpc = await serveRpc(provider, options.firstPort ? options.firstPort + index : 0);
      const client = chainClient(chainId, rpc.url, provider);
      await client.impersonateAccount({ address: DEPLOYER });
      await client.setBalance({ address: DEPLOYER, value: 10n ** 21n });
      const contracts = await deployCowContracts(client, DEPLOYER);
      await placeTokens(client, contracts.vaultRelayer, options.fundTestAccounts ?? true);
      // After the tokens: EthFlow's constructor approves the vault relayer on the wrapped native token.
      const ethFlow = await deployEthFlow(client);
      return { chainId, provider, rpc, client, contracts, ethFlow, connection };
    }),
  );
  const byId = new Map(started.map((chain) => [chain.chainId as number, chain]));
  const chainOf = (chainId: number) => {
    const chain = byId.get(chainId);
    if (!chain) throw new Error(`The sandbox runs no chain ${chainId}`);
    return chain;
  };
  const first = started[0];
  if (!first) throw new Error('startChains needs at least one chain id');
  return {
    chainIds,
    rpcUrls: Object.fromEntries(started.map((chain) => [chain.chainId, chain.rpc.url])),
    contracts: first.contracts,
    ethFlow: first.ethFlow,
    keys: TEST_ACCOUNTS,
    client: (chainId) => chainOf(chainId).client,
    provider: (chainId) => chainOf(chainId).provider,
    close: async () => {
      await Promise.all(started.map((chain) => chain.rpc.close()));
      await Promise.all(started.map((chain) => chain.connection.close()));
    },
  };
}
