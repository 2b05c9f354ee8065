import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { VIEWS } from '../../main/common/settings/views';
import type { Bench, BenchRow } from './measure';

const RENDERER = join(import.meta.dirname, '../../out/renderer');

/** JS a view needs before it shows: the page's entry and preloads, the view's chunk, and what each imports. */
function initialGzip(view: string): number {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  const chunk = readdirSync(join(RENDERER, 'assets')).find((name) => name.startsWith(`${view}-`) && name.endsWith('.js'));
  if (chunk) files.add(`assets/${chunk}`);
  for (const file of [...files]) {
    for (const match of readFileSync(join(RENDERER, file), 'utf8').matchAll(/from"\.\/([^"]+\.js)"/g)) files.add(`assets/${match[1]}`);
  }
  return [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(RENDERER, file)), { level: 9 }).length, 0);
}

/**
 * Signing one order: the app's whole signing call (rebuild and check the
 * intent, digest, UID; the sealed hop to the signer process, which hashes the
 * typed data again, compares and signs) against bare viem signing the same
 * typed data with an account made once. The key sits in a real keychain, so
 * this row runs in a child under scripts/with-keychain.sh (signer-hop.ts).
 * And the renderer JS the heaviest first view needs (`npm run bench` builds first).
 */
export const appBench: Bench = {
  title: 'Signing and renderer bundle',
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
    const sizes = VIEWS.map((view) => ({ view: view.id, bytes: initialGzip(view.id.charAt(0).toUpperCase() + view.id.slice(1)) }));
    const heaviest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    rows.push({ name: `renderer JS before the first view shows, gzip (heaviest: ${heaviest.view})`, value: heaviest.bytes / 1000, unit: 'KB', goal: '< 100 KB' });
    return rows;
  },
};
