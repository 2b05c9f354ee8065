import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executionPriceBase, limitPriceBase } from '../../../main/common/orders/fill';
import { surplusVersusLimit } from '../../../main/common/orders/surplus';
import { formatUnits } from '../../../main/common/protocol/amounts';
import type { ApiOrder } from '../../../main/common/protocol/api';
import { CSV_HEADER } from '../../../main/core/history/history-export';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from '../watcher/tokens';
import { startWatcherKit, type WatcherKit } from '../watcher/watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * A partially fillable order filled in two batches on the sandbox chain
 * (GPv2Settlement), synced into History: the detail and the CSV name each
 * fill's transaction and the time of its block as the chain itself says, and
 * the CSV, read back by a real CSV parser, carries the price, fee and surplus
 * beside human and base-unit amounts.
 */
describe("History's fills: their transactions and times, in the detail and the CSV", () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    await kit.traderOnMainnet();
  });
  afterEach(async () => kit.stop());

  it('dates each fill by its block, and exports price, fee, surplus, fills and both kinds of amount', async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true, amount: 2n * 10n ** 18n });
    const first = await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    // A minute later by the sandbox's clock, so the two blocks have their own times.
    kit.sandbox.clock.advance(60);
    const second = await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    const txs = [first, second].map((report) => report.fills.find((fill) => fill.uid === uid.toLowerCase())!.txHash);
    const minedAt = await Promise.all(txs.map((hash) => chainTruth(kit.sandbox).minedAt(hash)));
    expect(minedAt[1]).toBeGreaterThan(minedAt[0]!);

    await kit.call('history.syncNow', undefined);
    const detail = await kit.call('history.detail', { uid });
    expect(detail.fills.map((fill) => [fill.txHash, fill.at])).toEqual([
      [txs[0], minedAt[0]],
      [txs[1], minedAt[1]],
    ]);
    expect(detail.fillTimesNote).toBeNull();

    const { path } = await kit.call('history.export', { query: {}, format: 'csv' });
    const records = parse(readFileSync(path, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([...CSV_HEADER]);
    const line = records.find((record) => record.uid === uid.toLowerCase())!;
    const order = kit.sandbox.orders.get(uid) as ApiOrder;
    expect(BigInt(order.executedBuyAmount!)).toBeGreaterThan(0n);
    const surplus = surplusVersusLimit(order)!;
    expect(line).toMatchObject({
      status: 'open',
      statusText: 'Open',
      sellAmount: '2000000000000000000',
      sellAmountHuman: '2',
      executedSellAmount: order.executedSellAmount,
      executedSellAmountHuman: formatUnits(BigInt(order.executedSellAmount!), 18),
      executedBuyAmount: order.executedBuyAmount,
      executedBuyAmountHuman: formatUnits(BigInt(order.executedBuyAmount!), 6),
      averagePrice: formatUnits(executionPriceBase(order, 18)!, 6),
      limitPrice: formatUnits(limitPriceBase(order, 18)!, 6),
      priceUnit: 'USDC/WETH',
      fee: order.executedFee ?? order.executedFeeAmount,
      surplusToken: USDC,
      surplus: surplus.amount.toString(),
      surplusHuman: formatUnits(surplus.amount, 6),
      surplusPct: formatUnits(BigInt(surplus.bps), 2),
      fillCount: '2',
      fillTxHashes: txs.join(';'),
      fillTimes: minedAt.map((at) => new Date(at).toISOString()).join(';'),
    });
    // Both fills together are what the order executed.
    expect(Number(line.averagePrice)).toBeCloseTo(Number(line.executedBuyAmountHuman) / Number(line.executedSellAmountHuman), 4);
  }, 60_000);
});
