import { spawnSync } from 'node:child_process';
import type { Bench, BenchRow } from './measure';

/**
 * Signing one order: the app's whole signing call (rebuild and check the
 * intent, digest, UID; the sealed hop to the signer process, which hashes the
 * typed data again, compares and signs) against bare viem signing the same
 * typed data with an account made once. The key sits in a real keychain, so
 * this row runs in a child under scripts/with-keychain.sh (signer-hop.ts).
 * The renderer bundle's rows are bundle.bench.ts's.
 */
export const appBench: Bench = {
  title: 'Signing',
  async run() {
    const child = spawnSync('bash', ['scripts/with-keychain.sh', process.execPath, '--import', 'tsx', 'test/bench/signer-hop.ts'], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`the signing bench failed: ${child.stderr}`);
    const { wall, wallContracts, cpu } = JSON.parse(child.stdout.trim().split('\n').pop()!) as Record<'wall' | 'wallContracts' | 'cpu', { app: number; bare: number }>;
    const bare = 'viem signTypedData, account made once';
    const rows: BenchRow[] = [
      { name: 'sign one order through the signer process (app: rebuild + check, process hop, digest recomputed and compared + signature in the signer, UID)', value: wall.app, unit: 'ms', goal: '<= 1.5x bare viem', baseline: { name: bare, value: wall.bare } },
      {
        name: 'sign one order through the signer process, against CoW tooling',
        value: wallContracts.app,
        unit: 'ms',
        goal: '<= 1.5x @cowprotocol/contracts + ethers 5',
        baseline: { name: '@cowprotocol/contracts signOrder, ethers 5 Wallet made once', value: wallContracts.bare },
      },
      { name: 'CPU per order signature, main and signer process together', value: cpu.app, unit: 'ms', goal: '<= 1.5x bare viem', baseline: { name: `${bare} (CPU)`, value: cpu.bare } },
    ];
    return rows;
  },
};
