import { describe, expect, it } from 'vitest';
import { maxAgeSeconds, ResponseCache } from '../../../../main/core/api/response-cache';
import { FakeClock } from '../../../helpers/fake-clock';

describe('response cache', () => {
  it('reads max-age and refuses no-store and no-cache', () => {
    expect(maxAgeSeconds('public, max-age=300')).toBe(300);
    expect(maxAgeSeconds('max-age=21600')).toBe(21600);
    expect(maxAgeSeconds('no-store, max-age=60')).toBeUndefined();
    expect(maxAgeSeconds('no-cache')).toBeUndefined();
    expect(maxAgeSeconds(null)).toBeUndefined();
  });

  it('serves an entry until max-age runs out', () => {
    const clock = new FakeClock();
    const cache = new ResponseCache(clock);
    cache.put('k', { price: 1 }, 'public, max-age=300');
    clock.advance(299_999);
    expect(cache.get('k')).toEqual({ price: 1 });
    clock.advance(1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('counts the Age a CDN copy already spent against max-age', () => {
    const clock = new FakeClock();
    const cache = new ResponseCache(clock);
    cache.put('k', 1, 'max-age=300', '290');
    clock.advance(9_999);
    expect(cache.get('k')).toBe(1);
    clock.advance(1);
    expect(cache.get('k')).toBeUndefined();
    cache.put('stale', 1, 'max-age=300', '400');
    expect(cache.get('stale')).toBeUndefined();
  });

  it('keeps nothing without a Cache-Control max-age', () => {
    const cache = new ResponseCache(new FakeClock());
    cache.put('k', 1, null);
    expect(cache.get('k')).toBeUndefined();
  });
});
