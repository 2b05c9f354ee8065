import { describe, expect, it } from 'vitest';
import { MIN_TREND_POINTS, trendPoints } from '../../../../main/common/market/trend';

describe('a trend of snapshots', () => {
  it('starts at three known points: one or two are no direction', () => {
    expect(MIN_TREND_POINTS).toBe(3);
    expect(trendPoints([])).toEqual({ known: 0, isTrend: false });
    expect(trendPoints([4.2])).toEqual({ known: 1, isTrend: false });
    expect(trendPoints([4.2, 4.3])).toEqual({ known: 2, isTrend: false });
    expect(trendPoints([4.2, 4.3, 4.1])).toEqual({ known: 3, isTrend: true });
  });

  it('counts only the snapshots that have the figure', () => {
    expect(trendPoints([4.2, null, 4.3, null])).toEqual({ known: 2, isTrend: false });
    expect(trendPoints([null, 1, 2, 3])).toEqual({ known: 3, isTrend: true });
  });
});
