import { describe, expect, it } from 'vitest';
import { JsonDepthScanner } from '../../../../main/core/api/json-depth';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` in chunks of `size` bytes; false once the scanner refuses. */
function scan(text: string, limit: number, size = 3): boolean {
  const scanner = new JsonDepthScanner(limit);
  const all = bytes(text);
  for (let at = 0; at < all.length; at += size) if (!scanner.feed(all.subarray(at, at + size))) return false;
  return true;
}

describe('JSON nesting depth, counted on the bytes before parsing', () => {
  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(scan('{"a":[[1,{"b":2}]]}', 4)).toBe(true);
    expect(scan('{"a":[[1,{"b":[2]}]]}', 4)).toBe(false);
  });

  it('counts depth, not brackets: siblings close before the next opens', () => {
    expect(scan(`[${'[1],'.repeat(10_000)}[2]]`, 2)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes and non-ASCII text included, across chunk boundaries', () => {
    const appData = JSON.stringify({ appData: JSON.stringify({ metadata: { hooks: { pre: [[[['x']]]] } } }), name: 'Ünïcödé [[[ 🐄 \\" {{{' });
    expect(scan(appData, 1, 1)).toBe(true);
    expect(scan(appData, 1, 7)).toBe(true);
    expect(scan('["\\\\", [[1]]]', 2)).toBe(false);
  });
});
