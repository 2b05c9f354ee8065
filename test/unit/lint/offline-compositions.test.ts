import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

/**
 * Every app refreshes its token lists at start (main/core/services.ts); left to
 * its default, a test's app would read CoW's and Uniswap's live list URLs. So
 * each composition in the tests names its lists: the sandbox's, or none.
 */
describe('test compositions never read the live token lists', () => {
  it('pass tokenListUrls to every createServices call under test/', () => {
    const missing = sourceFiles('test').flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/createServices\(\{/g)].flatMap((match) => {
        // The call's own object literal: from its brace to the brace that closes it.
        let depth = 0;
        let end = match.index + 'createServices('.length;
        for (; end < text.length; end += 1) {
          if (text[end] === '{') depth += 1;
          if (text[end] === '}' && --depth === 0) break;
        }
        const ports = text.slice(match.index, end);
        return /\btokenListUrls\b/.test(ports) ? [] : [`${file}:${text.slice(0, match.index).split('\n').length}`];
      });
    });
    expect(missing).toEqual([]);
  });
});
