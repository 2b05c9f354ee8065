import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getAddress, type Address, type Hex } from 'viem';
import { ETHFLOW_FIXTURE_PATH, type EthFlowFixture } from './ethflow-deployment';
import { SANDBOX_CHAIN_IDS } from './client';

/**
 * Writes contracts/ethflow.json, what the sandbox replays to put CoW's real
 * EthFlow contract on its chains, from a checkout of the public repository
 * cowprotocol/ethflowcontract:
 *
 *   npx tsx test/sandbox/chain/ethflow-fixture.ts <path to its git directory>
 *
 * - per chain, the published creation transactions (broadcast/Deploy.sol/
 *   <chainId>/deployment.{barn,prod}.json: sender, nonce, init code with the
 *   constructor arguments), verbatim;
 * - the ABI, compiled once from broadcast/standard-json/CoWSwapEthFlow.json
 *   (the compiler input of the deployed contract) with the solc-js package.
 *   Only the ABI is kept: the bytecode on chain is the published init code's,
 *   never this compiler's. The repository's source is not committed.
 */
interface Broadcast {
  transactions: { contractName: string; contractAddress: string; transaction: { from: string; nonce: string; input: Hex } }[];
}

const show = (repo: string, path: string) => execFileSync('git', ['--git-dir', repo, 'show', `HEAD:${path}`], { encoding: 'utf8', maxBuffer: 1 << 26 });

function creation(repo: string, chainId: number, environment: 'prod' | 'barn') {
  const broadcast = JSON.parse(show(repo, `broadcast/Deploy.sol/${chainId}/deployment.${environment}.json`)) as Broadcast;
  const [entry, ...rest] = broadcast.transactions;
  if (!entry || rest.length > 0 || entry.contractName !== 'CoWSwapEthFlow') throw new Error(`chain ${chainId} ${environment}: expected one CoWSwapEthFlow creation`);
  return { address: getAddress(entry.contractAddress), from: getAddress(entry.transaction.from) as Address, nonce: Number(entry.transaction.nonce), input: entry.transaction.input };
}

async function abiOf(repo: string): Promise<unknown[]> {
  const solc = (await import('solc')).default as { compile(input: string): string };
  const input = JSON.parse(show(repo, 'broadcast/standard-json/CoWSwapEthFlow.json')) as { settings: Record<string, unknown> };
  input.settings.outputSelection = { 'src/CoWSwapEthFlow.sol': { CoWSwapEthFlow: ['abi'] } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: unknown[] }>> };
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join('\n'));
  const abi = output.contracts['src/CoWSwapEthFlow.sol']?.CoWSwapEthFlow?.abi;
  if (!abi) throw new Error('solc produced no CoWSwapEthFlow ABI');
  return abi;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = process.argv[2];
  if (!repo) throw new Error('usage: tsx test/sandbox/chain/ethflow-fixture.ts <ethflowcontract git directory>');
  const chains: EthFlowFixture['chains'] = {};
  for (const chainId of SANDBOX_CHAIN_IDS) {
    const prod = creation(repo, chainId, 'prod');
    const barn = creation(repo, chainId, 'barn');
    // Both were sent by one deployer with one init code: keep it once per chain.
    if (prod.from !== barn.from || prod.input !== barn.input) throw new Error(`chain ${chainId}: prod and barn creations differ beyond their nonce`);
    chains[chainId] = { from: prod.from, input: prod.input, deployments: [{ environment: 'barn' as const, nonce: barn.nonce, address: barn.address }, { environment: 'prod' as const, nonce: prod.nonce, address: prod.address }].sort((a, b) => a.nonce - b.nonce) };
  }
  const commit = execFileSync('git', ['--git-dir', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const fixture: EthFlowFixture = { source: `github.com/cowprotocol/ethflowcontract@${commit}`, abi: await abiOf(repo), chains };
  writeFileSync(ETHFLOW_FIXTURE_PATH, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`wrote ${ETHFLOW_FIXTURE_PATH}`);
}
