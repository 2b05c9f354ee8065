import { describe, expect, it } from 'vitest';
import { concentration, holderRows, share } from '../../../../main/common/market/holders-math';

const holders = [
  { address: '0x2', balance: '250000' },
  { address: '0x1', balance: '750000' },
];

describe('holder shares', () => {
  it('orders holders largest first and shares them of the listed total and of the supply', () => {
    const { rows, listedTotal } = holderRows(holders, 6, 2, 4_000_000n);
    expect(listedTotal).toBe(1_000_000n);
    expect(rows).toEqual([
      { rank: 1, address: '0x1', balance: '750000', amount: '0.75', usd: 1.5, listedShare: 0.75, supplyShare: 0.1875 },
      { rank: 2, address: '0x2', balance: '250000', amount: '0.25', usd: 0.5, listedShare: 0.25, supplyShare: 0.0625 },
    ]);
    // Only two holders listed (as live sometimes answers): top 5 and top 10 say how many they really are.
    expect(concentration(rows, listedTotal, 4_000_000n)).toEqual([
      { top: 1, count: 1, listedShare: 0.75, supplyShare: 0.1875 },
      { top: 5, count: 2, listedShare: 1, supplyShare: 0.25 },
      { top: 10, count: 2, listedShare: 1, supplyShare: 0.25 },
    ]);
  });

  it('keeps raw base units and no USD value when the decimals are unknown', () => {
    const { rows } = holderRows(holders, null, 2, null);
    expect(rows[0]).toMatchObject({ amount: null, usd: null, supplyShare: null, balance: '750000' });
  });

  it('computes shares of 78-digit balances exactly enough, and zero of nothing', () => {
    const huge = 2n ** 255n;
    expect(share(huge, huge * 3n)).toBeCloseTo(1 / 3, 12);
    expect(share(5n, 0n)).toBe(0);
  });
});
