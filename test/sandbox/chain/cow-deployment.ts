import { createRequire } from 'node:module';
import { concat, encodeDeployData, getAddress, getCreate2Address, keccak256, parseEther, stringToHex, type Abi, type Address, type Hex } from 'viem';
import { SOLVER } from '../account-fixtures';
import { loadArtifacts } from './compile';
import type { ChainClient } from './client';

/**
 * The production CoW Protocol contracts on a fresh chain, at their real
 * addresses: the bytecode and constructor arguments @cowprotocol/contracts
 * ships for each network, CREATE2-deployed through the deterministic
 * deployment proxy with the package's salt, exactly as they were on chain.
 */
const require = createRequire(import.meta.url);

/** The deployments folder of @cowprotocol/contracts for each sandbox chain. */
export const DEPLOYMENT_NETWORK: Readonly<Record<number, string>> = {
  1: 'mainnet',
  100: 'xdai',
  11155111: 'sepolia',
  42161: 'arbitrumOne',
  8453: 'base',
};

interface Deployment {
  address: Address;
  abi: Abi;
  bytecode: Hex;
  args: unknown[];
  /** The transaction that deployed it: `to` is the deployment proxy it went through. */
  receipt: { to: Address };
}

export function deploymentOf(chainId: number, name: 'GPv2Settlement' | 'GPv2AllowListAuthentication' | 'GPv2AllowListAuthentication_Implementation' | 'GPv2AllowListAuthentication_Proxy'): Deployment {
  const network = DEPLOYMENT_NETWORK[chainId];
  if (!network) throw new Error(`No CoW deployment for chain ${chainId}`);
  return require(`@cowprotocol/contracts/deployments/${network}/${name}.json`) as Deployment;
}

export interface CowContracts {
  settlement: Address;
  vaultRelayer: Address;
  authenticator: Address;
  /** Allow-listed in the authenticator: the only account settle() accepts. */
  solver: Address;
}

export const SETTLEMENT_ABI = deploymentOf(1, 'GPv2Settlement').abi;
export const AUTHENTICATOR_ABI = deploymentOf(1, 'GPv2AllowListAuthentication').abi;

/**
 * The deterministic deployment proxy the contracts were sent through (read
 * from a deployment file's receipt; every network's files name the same), and
 * the salt the package's deploy.ts uses, written out here: importing those
 * from the package loads all of ethers (cow-tooling.ts). The CREATE2 check
 * below fails on any other proxy or salt.
 */
const DEPLOYER_CONTRACT = getAddress(deploymentOf(1, 'GPv2Settlement').receipt.to);
const SALT = stringToHex('Mattresses in Berlin!', { size: 32 });

/** CREATE2 through the proxy; fails unless the contract lands where the deployment file says. */
async function deployThroughProxy(client: ChainClient, deployer: Address, deployment: Deployment): Promise<Address> {
  const initCode = deployment.args.length === 0 ? deployment.bytecode : encodeDeployData({ abi: deployment.abi, bytecode: deployment.bytecode, args: deployment.args });
  const expected = getCreate2Address({ from: DEPLOYER_CONTRACT, salt: SALT, bytecodeHash: keccak256(initCode) });
  if (expected !== getAddress(deployment.address)) throw new Error(`CREATE2 would put the contract at ${expected}, not ${deployment.address}`);
  const hash = await client.sendTransaction({ account: deployer, to: DEPLOYER_CONTRACT, data: concat([SALT, initCode]), chain: client.chain });
  await client.waitForTransactionReceipt({ hash });
  return expected;
}

export async function deployCowContracts(client: ChainClient, deployer: Address): Promise<CowContracts> {
  const chainId = client.chain.id;
  const proxyCode = loadArtifacts().contracts.DeterministicDeploymentProxy.deployedBytecode;
  await client.setCode({ address: DEPLOYER_CONTRACT, bytecode: proxyCode });

  // The allow-list authenticator: implementation, then the EIP-173 proxy whose
  // constructor initialises the manager (the real one, impersonated below).
  await deployThroughProxy(client, deployer, deploymentOf(chainId, 'GPv2AllowListAuthentication_Implementation'));
  const authenticatorProxy = deploymentOf(chainId, 'GPv2AllowListAuthentication_Proxy');
  const authenticator = await deployThroughProxy(client, deployer, authenticatorProxy);
  const settlement = await deployThroughProxy(client, deployer, deploymentOf(chainId, 'GPv2Settlement'));
  const vaultRelayer = await client.readContract({ address: settlement, abi: SETTLEMENT_ABI, functionName: 'vaultRelayer' });

  const manager = await client.readContract({ address: authenticator, abi: AUTHENTICATOR_ABI, functionName: 'manager' });
  await client.impersonateAccount({ address: manager as Address });
  await client.setBalance({ address: manager as Address, value: parseEther('1') });
  const added = await client.writeContract({ account: manager as Address, address: authenticator, abi: AUTHENTICATOR_ABI, functionName: 'addSolver', args: [SOLVER], chain: client.chain });
  await client.waitForTransactionReceipt({ hash: added });
  await client.stopImpersonatingAccount({ address: manager as Address });

  await client.impersonateAccount({ address: SOLVER });
  await client.setBalance({ address: SOLVER, value: parseEther('1000') });
  return { settlement, vaultRelayer: getAddress(vaultRelayer as string), authenticator, solver: SOLVER };
}
