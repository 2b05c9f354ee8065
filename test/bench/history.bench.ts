import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { apiOrderSchema } from '../../main/common/protocol/api';
import { KNOWN_TOKENS } from '../../main/common/protocol/tokens';
import { compileQuery, historySql, queryHistory } from '../../main/core/history/history-query';
import { toOrderColumns } from '../../main/core/history/order-row';
import { OrdersRepo } from '../../main/core/history/orders-repo';
import { openStore } from '../../main/core/store/open-store';
import { makeTempDir } from '../helpers/temp-dir';
import { createPrng } from '../sandbox/prng';
import { medianMs, type Bench } from './measure';

const ORDERS = 100_000;
const RUNS = 60;
const STATUSES = ['fulfilled', 'fulfilled', 'expired', 'cancelled', 'open'] as const;
const OWNERS = ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', '0x90f79bf6eb2c4f870365e785982e1f101e93b906'];

/** 100,000 orders over three accounts and the mainnet tokens, written through the app's repository. */
function fill(repo: OrdersRepo): string[] {
  const random = createPrng(7);
  const tokens = KNOWN_TOKENS.filter((token) => token.chainId === 1);
  const uids: string[] = [];
  const rows = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const owner = OWNERS[i % OWNERS.length]!;
    const [sell, buy] = random.shuffle(tokens);
    const uid = `${random.hex(32)}${owner.slice(2)}6a000000`;
    uids.push(uid);
    const order = apiOrderSchema.parse({
      uid, owner, sellToken: sell!.address, buyToken: buy!.address, sellAmount: String(1 + random.int(1e9)), buyAmount: String(1 + random.int(1e9)),
      validTo: 0x6a000000, kind: random.next() < 0.8 ? 'sell' : 'buy', status: random.pick(STATUSES),
      creationDate: new Date(1_700_000_000_000 + i * 60_000).toISOString(), partiallyFillable: random.next() < 0.2,
      appData: '{"appCode":"CoW Swap","metadata":{},"version":"1.1.0"}', executedSellAmount: '0', receiver: null,
    });
    rows.push(toOrderColumns(order, owner, 1, 'production', Date.now()));
  }
  repo.writeOrders(rows);
  return uids;
}

/**
 * The history screen's two queries on 100,000 orders in a real SQLite file:
 * a filtered, sorted page through the app's code (zod-checked query, SQL built
 * per call, rows mapped for IPC) against the same SQL prepared once on bare
 * better-sqlite3; and the full-text search against a LIKE scan of the same columns.
 */
export const historyBench: Bench = {
  title: 'History queries on 100,000 orders (SQLite file, WAL)',
  async run() {
    const dir = makeTempDir('cow-desk-bench-');
    const path = join(dir.path, 'bench.sqlite');
    const store = openStore(path);
    try {
      const uids = fill(new OrdersRepo(store.db));
      const query = { filter: { accounts: [OWNERS[1]! as `0x${string}`], statuses: ['fulfilled'], token: 'USDC' }, sort: { column: 'sellAmount' as const, direction: 'desc' as const }, offset: 2_000, limit: 100 };
      const viaApp = await medianMs(() => queryHistory(store.db, query, 'production'), RUNS);
      const bare = new BetterSqlite3(path, { readonly: true });
      const compiled = compileQuery(query, 'production');
      const sql = historySql(compiled);
      const page = bare.prepare(sql.page);
      const count = bare.prepare(sql.count);
      const viaBare = await medianMs(() => [page.all(...compiled.params, compiled.limit, compiled.offset), count.get(...compiled.params)], RUNS);

      const term = uids[54_321]!.slice(0, 14);
      const search = { filter: { search: term }, sort: { column: 'createdAt' as const, direction: 'desc' as const }, offset: 0, limit: 100 };
      const fts = await medianMs(() => queryHistory(store.db, search, 'production'), RUNS);
      const columns = ['uid', 'owner', 'receiver', 'sell_token', 'buy_token', 'sell_symbol', 'buy_symbol', 'app_code', 'status'];
      const like = `environment = 'production' AND (${columns.map((column) => `${column} LIKE @term`).join(' OR ')})`;
      const likePage = bare.prepare(`SELECT * FROM orders WHERE ${like} ORDER BY created_at DESC, uid LIMIT 100`);
      const likeCount = bare.prepare(`SELECT count(*) AS total FROM orders WHERE ${like}`);
      const scan = await medianMs(() => [likePage.all({ term: `%${term}%` }), likeCount.get({ term: `%${term}%` })], RUNS);
      bare.close();
      return [
        { name: 'filter + sort + page (app, median)', value: viaApp, unit: 'ms', baseline: { name: 'same SQL, bare better-sqlite3', value: viaBare } },
        { name: 'FTS5 search + count (app, median)', value: fts, unit: 'ms', baseline: { name: 'LIKE scan of the same columns', value: scan } },
      ];
    } finally {
      store.close();
      dir.remove();
    }
  },
};
