import { formatUnits } from '../protocol/amounts';
import type { HolderRow } from './market-schema';

/** The concentration chart's groups: the largest holder, the top 5, the top 10. */
export const CONCENTRATION_GROUPS = [1, 5, 10] as const;

/** Shares are ratios of bigints; 12 digits keep them exact well past what a chart or table shows. */
const SCALE = 10n ** 12n;

export function share(part: bigint, whole: bigint): number {
  return whole > 0n ? Number((part * SCALE) / whole) / Number(SCALE) : 0;
}

/**
 * Holders as the table shows them, largest first. Amounts and USD values need
 * the token's decimals: without them the balance stays in base units, because
 * guessing 18 would misstate a 6-decimal token a trillion times over.
 */
export function holderRows(
  holders: readonly { address: string; balance: string }[],
  decimals: number | null,
  usdPrice: number | null,
  totalSupply: bigint | null,
): { rows: HolderRow[]; listedTotal: bigint } {
  const sorted = holders
    .map((holder) => ({ ...holder, units: BigInt(holder.balance) }))
    .sort((a, b) => (a.units === b.units ? 0 : a.units > b.units ? -1 : 1));
  const listedTotal = sorted.reduce((sum, holder) => sum + holder.units, 0n);
  const supply = totalSupply !== null && totalSupply > 0n ? totalSupply : null;
  const rows = sorted.map((holder, index) => {
    const amount = decimals === null ? null : formatUnits(holder.units, decimals);
    return {
      rank: index + 1,
      address: holder.address,
      balance: holder.balance,
      amount,
      usd: amount !== null && usdPrice !== null ? Number(amount) * usdPrice : null,
      listedShare: share(holder.units, listedTotal),
      supplyShare: supply === null ? null : share(holder.units, supply),
    };
  });
  return { rows, listedTotal };
}

export function concentration(rows: readonly HolderRow[], listedTotal: bigint, totalSupply: bigint | null) {
  const supply = totalSupply !== null && totalSupply > 0n ? totalSupply : null;
  return CONCENTRATION_GROUPS.map((top) => {
    const group = rows.slice(0, top);
    const held = group.reduce((sum, row) => sum + BigInt(row.balance), 0n);
    return { top, count: group.length, listedShare: share(held, listedTotal), supplyShare: supply === null ? null : share(held, supply) };
  });
}
