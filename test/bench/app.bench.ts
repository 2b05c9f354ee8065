import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { privateKeyToAccount } from 'viem/accounts';
import { VIEWS } from '../../main/common/settings/views';
import { orderTypedData } from '../../main/common/protocol/order';
import type { AccountService } from '../../main/core/signer/account-service';
import { buildOrder } from '../../main/core/signer/order-draft';
import { OrderSigner } from '../../main/core/signer/order-signer';
import { TEST_ACCOUNTS } from '../sandbox';
import { interleavedMedians, type Bench, type BenchRow } from './measure';

const RUNS = 201;
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
 * Signing one order with the key already loaded: the app's whole signing call
 * (rebuild and check the intent, digest, UID, signature) against bare viem
 * signing the same typed data with an account made once. And the renderer JS
 * the heaviest first view needs (`npm run bench` builds first).
 */
export const appBench: Bench = {
  title: 'Signing and renderer bundle',
  async run() {
    const key = TEST_ACCOUNTS.trader.privateKey;
    const accounts = { loadKey: async () => key, get: () => undefined } as unknown as AccountService;
    const signer = new OrderSigner(accounts, () => 'production', () => 1_800_000_000);
    const draft = {
      account: TEST_ACCOUNTS.trader.address, chainId: 1, sellToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', buyToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      receiver: null, sellAmount: '1000000000000000000', buyAmount: '3000000000', validTo: 1_800_000_600, kind: 'sell', partiallyFillable: false,
      fullAppData: '{"appCode":"CoW Desk","metadata":{},"version":"1.3.0"}', signingScheme: 'eip712',
    } as const;
    const built = buildOrder(draft, 'production', 1_800_000_000);
    const account = privateKeyToAccount(key);
    const typed = orderTypedData(built.struct, built.domain);
    const times = await interleavedMedians(() => signer.signOrder(draft), () => account.signTypedData(typed), RUNS);
    const rows: BenchRow[] = [
      { name: 'sign one order, key loaded (app: rebuild + check + digest + UID + signature)', value: times.app, unit: 'ms', goal: '<= 1.2x bare viem', baseline: { name: 'viem signTypedData, account made once', value: times.bare } },
    ];
    const sizes = VIEWS.map((view) => ({ view: view.id, bytes: initialGzip(view.id.charAt(0).toUpperCase() + view.id.slice(1)) }));
    const heaviest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    rows.push({ name: `renderer JS before the first view shows, gzip (heaviest: ${heaviest.view})`, value: heaviest.bytes / 1000, unit: 'KB', goal: '< 100 KB' });
    return rows;
  },
};
