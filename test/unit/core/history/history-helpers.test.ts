import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../main/common/protocol/api';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { csvCell, exportHistory } from '../../../../main/core/history/history-export';
import { ftsQuery } from '../../../../main/core/history/history-query';
import { surplusOf } from '../../../../main/core/history/order-detail';
import { HistoryQueries } from '../../../../main/core/history/history-query';
import { appCodeOf, toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { ETHFLOW_CONTRACTS } from '../../../../main/common/orders/ethflow';
import { openStore } from '../../../../main/core/store/open-store';
import { makeTempDir } from '../../../helpers/temp-dir';
import { apiOrderFixture } from './order-fixture';

const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const WXDAI = '0xe91d153e0b41518a2ce8dd3d7944fa863463a97d';

describe('history helpers', () => {
  it('quotes CSV cells and defuses spreadsheet formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
  });

  it('turns a search box into quoted prefix terms', () => {
    expect(ftsQuery('usdc  0xAB"c')).toBe('"usdc"* AND "0xAB""c"*');
    expect(ftsQuery('   ')).toBeNull();
    // A status as the screens word it finds the stored id too.
    expect(ftsQuery('Filled usdc')).toBe('("Filled"* OR status : "fulfilled") AND "usdc"*');
    expect(ftsQuery('awaiting')).toBe('("awaiting"* OR status : "presignaturePending")');
    // A status id the word starts, its prefix term finds already.
    expect(ftsQuery('Canc')).toBe('"Canc"*');
    expect(ftsQuery('cancelled open')).toBe('"cancelled"* AND "open"*');
  });

  it('reads appCode only from a document', () => {
    expect(appCodeOf('{"appCode":"CoW Swap"}')).toBe('CoW Swap');
    expect(appCodeOf(`0x${'ab'.repeat(32)}`)).toBeNull();
  });

  it('states surplus against the limit price and the quote in the buy token', () => {
    // Sold 1500 USDC of 3000 for 0.51 WETH: the limit asked 0.5, the quote promised 0.505.
    const surplus = surplusOf(1, apiOrderSchema.parse(apiOrderFixture()));
    const weth = { token: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', decimals: 18, symbol: 'WETH' };
    expect(surplus).toEqual([
      { key: 'limit', label: 'Versus the limit price', amount: { ...weth, amount: '10000000000000000' }, bps: 200 },
      { key: 'quote', label: 'Versus the quote', amount: { ...weth, amount: '5000000000000000' }, bps: 99 },
    ]);
  });

  it('shows an EthFlow order as a sale of the native currency (ETH, xDAI on Gnosis Chain), any other order by its token', () => {
    const db = openStore(':memory:').db;
    const user = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    // Placed through the production EthFlow contract, the staging one, and the older production one (0x40a5…, where most
    // EthFlow history is): owned by it, validTo 4294967295, listed for the user. And the user's own USDC sale.
    const ethFlowData = { ethflowData: { refundTxHash: null, userValidTo: 1800000000 }, validTo: 0xffffffff };
    const stored = [
      { chainId: 1, uid: '11', order: { owner: ETHFLOW_CONTRACTS.production, sellToken: WETH, ...ethFlowData } },
      { chainId: 100, uid: '22', order: { owner: ETHFLOW_CONTRACTS.staging.toLowerCase(), sellToken: WXDAI, ...ethFlowData } },
      { chainId: 1, uid: '44', order: { owner: '0x40a50cf069e992aa4536211b23f286ef88752187', sellToken: WETH, ...ethFlowData } },
      { chainId: 1, uid: '33', order: { owner: user, sellToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', ethflowData: null, onchainOrderData: null } },
    ];
    new OrdersRepo(db).writeOrders(
      stored.map(({ chainId, uid, order }) => {
        const validTo = (order as { validTo?: number }).validTo ?? 0x6a000000;
        const full = apiOrderSchema.parse(apiOrderFixture({ ...order, uid: `0x${uid.repeat(32)}${order.owner.slice(2)}${validTo.toString(16)}` }));
        // Listed for the account as the app keeps it (checksummed); the orderbook gives owners in lower case.
        return toOrderParams(full, getAddress(user), chainId, 'production', 1);
      }),
    );
    const rows = new HistoryQueries(db).page({}, 'production').rows;
    const symbolOf = (uid: string) => rows.find((row) => row.uid.startsWith(`0x${uid}`))?.sellSymbol;
    expect([symbolOf('11'), symbolOf('22'), symbolOf('44'), symbolOf('33')]).toEqual(['ETH', 'xDAI', 'ETH', 'USDC']);

    // The export says the same, in the sold token's symbol and the price's unit.
    const dir = makeTempDir('cow-desk-export-');
    try {
      const { path } = exportHistory(db, {}, 'production', 'csv', dir.path, new Date(0), { of: () => [], at: () => null });
      const lines = parse(readFileSync(path, 'utf8'), { columns: true }) as Record<string, string>[];
      const exported = (uid: string) => lines.find((line) => line.uid!.startsWith(`0x${uid}`));
      expect(['11', '22', '44', '33'].map((uid) => [exported(uid)?.sellSymbol, exported(uid)?.priceUnit])).toEqual([
        ['ETH', 'WETH/ETH'],
        // The buy token, mainnet's WETH, is not a token CoW Desk knows on Gnosis Chain: its address.
        ['xDAI', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2/xDAI'],
        ['ETH', 'WETH/ETH'],
        ['USDC', 'WETH/USDC'],
      ]);
    } finally {
      dir.remove();
    }
  });
});
