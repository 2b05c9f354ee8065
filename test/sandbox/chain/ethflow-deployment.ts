import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getAddress, type Abi, type Address, type Hex } from 'viem';
import type { ChainClient } from './client';

/**
 * CoW's real EthFlow contract (CoWSwapEthFlow) on a sandbox chain, at its real
 * addresses, by replaying its published creation transactions: the deployer's
 * plain CREATEs at nonce 0 (barn, the staging service's) and nonce 1 (prod).
 * The init code carries the constructor arguments, this chain's
 * GPv2Settlement and wrapped native token, and the constructor calls both
 * (settlement.vaultRelayer(), token.approve), so both must be on the chain
 * first. contracts/ethflow.json holds what is replayed (see ethflow-fixture.ts).
 */
export interface EthFlowFixture {
  source: string;
  abi: unknown[];
  chains: Record<number, { from: Address; input: Hex; deployments: { environment: 'prod' | 'barn'; nonce: number; address: Address }[] }>;
}

export const ETHFLOW_FIXTURE_PATH = fileURLToPath(new URL('./contracts/ethflow.json', import.meta.url));

let fixture: EthFlowFixture | undefined;
const loadFixture = () => (fixture ??= JSON.parse(readFileSync(ETHFLOW_FIXTURE_PATH, 'utf8')) as EthFlowFixture);

export const ETHFLOW_ABI = loadFixture().abi as Abi;

export interface EthFlowContracts {
  /** 0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC: what CoW Swap and the production service use. */
  prod: Address;
  /** The repository's barn (staging) deployment. */
  barn: Address;
}

export async function deployEthFlow(client: ChainClient): Promise<EthFlowContracts> {
  const chainId = client.chain.id;
  const creation = loadFixture().chains[chainId];
  if (!creation) throw new Error(`No EthFlow creation transaction for chain ${chainId}`);
  const from = creation.from;
  const first = creation.deployments[0];
  if (!first) throw new Error(`No EthFlow deployment for chain ${chainId}`);
  await client.impersonateAccount({ address: from });
  await client.setBalance({ address: from, value: 10n ** 20n });
  await client.setNonce({ address: from, nonce: first.nonce });
  const placed: Partial<Record<'prod' | 'barn', Address>> = {};
  for (const deployment of creation.deployments) {
    // Nonces are consecutive, as they were on the real chains: each CREATE lands where it did there.
    const hash = await client.sendTransaction({ account: from, data: creation.input, nonce: deployment.nonce, chain: client.chain, to: null });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress || getAddress(receipt.contractAddress) !== getAddress(deployment.address)) {
      throw new Error(`EthFlow ${deployment.environment} creation on chain ${chainId} gave ${receipt.status} at ${receipt.contractAddress}, not ${deployment.address}`);
    }
    placed[deployment.environment] = getAddress(deployment.address);
  }
  await client.setBalance({ address: from, value: 0n });
  await client.stopImpersonatingAccount({ address: from });
  if (!placed.prod || !placed.barn) throw new Error(`EthFlow fixture for chain ${chainId} lacks prod or barn`);
  return { prod: placed.prod, barn: placed.barn };
}
