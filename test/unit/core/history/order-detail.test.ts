import { describe, expect, it } from 'vitest';
import { apiOrderSchema, type Trade } from '../../../../main/common/protocol/api';
import { buildDetail } from '../../../../main/core/history/order-detail';
import { toOrderParams, type OrderColumns } from '../../../../main/core/history/order-row';
import { packOrderRest } from '../../../../main/core/history/rest-codec';
import { apiOrderFixture } from './order-fixture';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

/** The stored row of an order, as the repo hands it to the detail. */
function stored(overrides: Record<string, unknown> = {}): OrderColumns {
  const params = toOrderParams(apiOrderSchema.parse(apiOrderFixture(overrides)), '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 1, 'production', 1);
  return { ...params, rest: packOrderRest(params.rest) };
}

const trade = (blockNumber: number, sellAmount: string, buyAmount: string): Trade => ({
  blockNumber, logIndex: 3, orderUid: stored().uid as Trade['orderUid'], owner: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  sellToken: USDC, buyToken: WETH, sellAmount, sellAmountBeforeFees: sellAmount, buyAmount, txHash: `0x${'ee'.repeat(32)}`,
});

const context = (times: Record<number, number>) => ({
  explorerBase: 'https://explorer.cow.fi',
  accountKind: () => 'watch' as const,
  submissionNote: null,
  cancellation: null,
  fillTimes: { at: (t: Trade) => times[t.blockNumber] ?? null, note: null },
});

describe('the order detail, for the screen to put in the user locale', () => {
  it('gives amounts in base units with their token and moments as times, never formatted text, a Unix number or an ISO string', () => {
    const detail = buildDetail(stored(), [], context({}));
    const field = (key: string) => detail.fields.find((entry) => entry.key === key)!;
    expect(field('sellAmount')).toEqual({ key: 'sellAmount', label: 'Sell amount', value: null, amount: { token: USDC, amount: '3000000000', decimals: 6, symbol: 'USDC' } });
    expect(field('validTo')).toEqual({ key: 'validTo', label: 'Valid to', value: null, at: 0x6a000000 * 1000 });
    expect(field('creationDate')).toEqual({ key: 'creationDate', label: 'Created', value: null, at: Date.UTC(2027, 0, 15, 7, 0, 0, 123) });
    expect(detail.uidParts).toEqual({ digest: expect.any(String), owner: expect.any(String), validTo: 0x6a000000 });
  });

  it('names each fill with the time of its block, in chain order, and says the status in words', () => {
    const fills = [trade(100, '1000000000', '340000000000000000'), trade(105, '500000000', '170000000000000000')];
    const detail = buildDetail(stored({ status: 'fulfilled' }), fills, context({ 100: 1_800_000_000_000, 105: 1_800_000_060_000 }));
    expect(detail.fills.map((fill) => [fill.at, fill.sold.amount, fill.bought.symbol])).toEqual([
      [1_800_000_000_000, '1000000000', 'WETH'],
      [1_800_000_060_000, '500000000', 'WETH'],
    ]);
    expect(detail.fields.find((entry) => entry.key === 'status')?.value).toBe('Filled');
    expect(detail.cancel.reason).toBe('Only open orders can be cancelled; this one is filled.');
  });
});
