import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

/**
 * Issue 16: "final statuses are defined in three places ... each fact gets one
 * definition in main/common". The set of statuses after which an order never
 * changes is listed once, in main/common/orders/status.ts; everything else asks
 * isFinalStatus() or reads FINAL_STATUSES. A list of the three words anywhere
 * else is a second definition, which can drift from the first.
 */
const SOURCES = ['main', 'renderer/src', 'preload'];
const EXEMPT: Record<string, string> = {
  'main/common/orders/status.ts': 'the definition',
  'main/common/protocol/api/order.ts': 'every status the service sends: another fact',
  'main/core/store/migrations/': 'a migration keeps the SQL of its time',
};
const FINAL = `(['"])(?:fulfilled|expired|cancelled)\\1`;
/** Between two items: a comma, then spaces, line breaks and line comments. */
const COMMA = `\\s*,(?:\\s|//[^\\n]*)*`;
/** The three final statuses listed together, in any order (a set, an array, an SQL list), on one line or several. */
const FINAL_LIST = new RegExp(`${FINAL}${COMMA}${FINAL.replace('\\1', '\\2')}${COMMA}${FINAL.replace('\\1', '\\3')}`);
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('one definition per fact', () => {
  it('lists the final statuses in main/common/orders/status.ts only', () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(dir));
    const found = files
      .filter((file) => !Object.keys(EXEMPT).some((prefix) => file.startsWith(prefix)))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return [...text.matchAll(new RegExp(FINAL_LIST, 'g'))].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0].replace(/\s+/g, ' ')}`);
      });
    expect(found).toEqual([]);
    expect(files).toContain('main/common/orders/status.ts');
    // The definition itself is what the rule looks for.
    expect(readFileSync('main/common/orders/status.ts', 'utf8')).toMatch(FINAL_LIST);
    // A list written over several lines, with comments, is a list too.
    expect("new Set([\n  'expired', // ran out\n  'fulfilled',\n  'cancelled',\n])").toMatch(FINAL_LIST);
  });

  /**
   * "Two cancellation flows apply different eligibility rules": the statuses in which an order can be cancelled are
   * CANCELLABLE_STATUSES, asked through isCancellableStatus() or cancelRoute(). Listing them together elsewhere, or
   * comparing a status with both, is a second rule.
   */
  it('lists the cancellable statuses in main/common/orders/status.ts only', () => {
    const live = `['"](?:open|presignaturePending)['"]`;
    // Listed together, or one status compared with both.
    const CANCELLABLE_LIST = new RegExp(`${live}${COMMA}${live}|===\\s*${live}\\s*\\|\\|[^;|]*===\\s*${live}`, 'g');
    const found = SOURCES.flatMap((dir) => sourceFiles(dir))
      .filter((file) => !Object.keys(EXEMPT).some((prefix) => file.startsWith(prefix)))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return [...text.matchAll(CANCELLABLE_LIST)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0].replace(/\s+/g, ' ')}`);
      });
    expect(found).toEqual([]);
    expect(readFileSync('main/common/orders/status.ts', 'utf8')).toMatch(new RegExp(CANCELLABLE_LIST.source));
    expect("(row.status === 'open' || row.status === 'presignaturePending')").toMatch(new RegExp(CANCELLABLE_LIST.source));
  });
});
