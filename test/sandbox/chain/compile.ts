import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Hex } from 'viem';

/**
 * Compiles the sandbox's own contracts (contracts/*.sol, *.yul) with solc-js
 * (the `solc` npm package: pure JS/wasm, offline). Compiling takes ~7 s, too
 * slow for every sandbox start, so `npx tsx test/sandbox/chain/compile.ts`
 * writes contracts/artifacts.json once and the chain loads that; the test
 * chain-artifacts.test.ts recompiles and checks the committed file still
 * matches its sources byte for byte (the bytecode's provenance).
 */
export interface CompiledContract {
  abi: unknown[];
  bytecode: Hex;
  deployedBytecode: Hex;
}

export interface Artifacts {
  solcVersion: string;
  contracts: Record<'SandboxToken' | 'SandboxWrappedNative' | 'DeterministicDeploymentProxy', CompiledContract>;
}

const here = (name: string) => fileURLToPath(new URL(`./contracts/${name}`, import.meta.url));
export const ARTIFACTS_PATH = here('artifacts.json');

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi?: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

function run(solc: { compile(input: string): string }, input: unknown): SolcOutput {
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join('\n'));
  return output;
}

const pick = (entry: { abi?: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }): CompiledContract => ({
  abi: entry.abi ?? [],
  bytecode: `0x${entry.evm.bytecode.object}`,
  deployedBytecode: `0x${entry.evm.deployedBytecode.object}`,
});

export async function compileContracts(): Promise<Artifacts> {
  const solc = (await import('solc')).default as { compile(input: string): string; version(): string };
  const selection = { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } };
  const tokens = run(solc, {
    language: 'Solidity',
    sources: { 'SandboxTokens.sol': { content: readFileSync(here('SandboxTokens.sol'), 'utf8') } },
    // Paris: no PUSH0 or newer opcodes, so the code runs under any hardfork the chains pick.
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: selection },
  });
  const proxy = run(solc, {
    language: 'Yul',
    sources: { 'DeterministicDeploymentProxy.yul': { content: readFileSync(here('DeterministicDeploymentProxy.yul'), 'utf8') } },
    settings: { evmVersion: 'paris', outputSelection: selection },
  });
  const sol = tokens.contracts['SandboxTokens.sol'];
  const yul = proxy.contracts['DeterministicDeploymentProxy.yul'];
  if (!sol?.SandboxToken || !sol.SandboxWrappedNative || !yul?.Proxy) throw new Error('solc did not produce every sandbox contract');
  return {
    solcVersion: solc.version(),
    contracts: { SandboxToken: pick(sol.SandboxToken), SandboxWrappedNative: pick(sol.SandboxWrappedNative), DeterministicDeploymentProxy: pick(yul.Proxy) },
  };
}

export function loadArtifacts(): Artifacts {
  return JSON.parse(readFileSync(ARTIFACTS_PATH, 'utf8')) as Artifacts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ARTIFACTS_PATH, `${JSON.stringify(await compileContracts(), null, 1)}\n`);
  console.log(`wrote ${ARTIFACTS_PATH}`);
}
