/**
 * A trend needs three points: one is a dot that stays for days, two are only a
 * difference. Below this the screens say how many snapshots there are so far.
 */
export const MIN_TREND_POINTS = 3;

/** The known points (a snapshot may lack the figure), and whether they make a trend. */
export function trendPoints(values: readonly (number | null)[]): { known: number; isTrend: boolean } {
  const known = values.filter((value) => value !== null && Number.isFinite(value)).length;
  return { known, isTrend: known >= MIN_TREND_POINTS };
}
