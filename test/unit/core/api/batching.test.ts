import { describe, expect, it } from 'vitest';
import { chunk, mapConcurrent } from '../../../../main/core/api/batching';

describe('batching', () => {
  it('chunks to the limit', () => {
    expect(chunk([...Array(300).keys()], 128).map((c) => c.length)).toEqual([128, 128, 44]);
    expect(chunk([], 128)).toEqual([]);
  });

  it('keeps input order and never runs more than the limit at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapConcurrent([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
