import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { SyncScope } from '../../../main/core/history/orders-repo';
import { OrdersRepo } from '../../../main/core/history/orders-repo';
import { openStore, type Store } from '../../../main/core/store/open-store';
import type { Sandbox } from '../../sandbox';
import { makeTempDir } from '../../helpers/temp-dir';
import { clientFor } from '../api/client-kit';

/** A real SQLite file in a temp dir, and an API client to the sandbox whose rate limit does not slow a 10k-order test. */
export function historyKit(sandbox: Sandbox) {
  const dir = makeTempDir('cow-desk-history-');
  const path = join(dir.path, 'history.sqlite');
  const store: Store = openStore(path);
  const unlimited = { perSecond: 100_000 };
  // Response bytes per request path, in order: what a sync moved over the network.
  const received: { path: string; bytes: number }[] = [];
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    received.push({ path: new URL(String(input instanceof Request ? input.url : input)).pathname, bytes: body.byteLength });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const client = clientFor(sandbox, { rateLimits: { orderbook: unlimited }, maxAttempts: 2, fetch: counting });
  const kit = {
    received,
    dir,
    path,
    /** Replaceable: a test may reopen the file to play a restart. */
    store,
    repo: new OrdersRepo(store.db),
    client,
    /** The folder goes once the store's writer thread let go of it. */
    async close() {
      await kit.store.close();
      dir.remove();
    },
  };
  return kit;
}

export const scopeOf = (account: string, chainId = 1): SyncScope => ({ account, chainId, environment: 'production' });

/** Requests per endpoint family since the last reset. */
export function requestCounts(sandbox: Sandbox) {
  const count = (test: (path: string) => boolean) => sandbox.requests.filter((entry) => test(entry.path)).length;
  return {
    pages: count((path) => path.includes('/account/') && path.endsWith('/orders')),
    byUids: count((path) => path.endsWith('/orders/by_uids')),
    trades: count((path) => path.includes('/v2/trades')),
    total: sandbox.requests.length,
  };
}

/**
 * Exactly `count` distinct orders. The sandbox's seed can repeat an EthFlow
 * order (same struct, validTo 0xffffffff, so the same UID) and then holds
 * fewer orders than asked for; seed the shortfall until the count is right.
 */
export function seedDistinct(sandbox: Sandbox, chainId: number, owner: string, count: number, openShare = 0.25): string[] {
  const uids = new Set<string>();
  while (uids.size < count) for (const uid of sandbox.orders.seed(chainId, owner, count - uids.size, { openShare })) uids.add(uid);
  return [...uids];
}

/**
 * A sandbox in a child process holding `orders` orders of the trader on chain 1
 * (a quarter open): its JSON work does not run on this process's event loop,
 * which a responsiveness measurement must see alone.
 */
export async function sandboxProcess(orders: number) {
  const script = join(import.meta.dirname, 'fixtures/sandbox-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(orders)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const info = JSON.parse(line) as { orderbookUrl: string; bffUrl: string; orders: number; open: number };
  return { ...info, stop: async () => void (child.kill('SIGTERM'), await once(child, 'exit')) };
}
