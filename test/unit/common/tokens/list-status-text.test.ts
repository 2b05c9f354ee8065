import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../main/common/format/format';
import { listStatusText } from '../../../../main/common/tokens/list-status-text';
import type { TokenListStatus } from '../../../../main/common/tokens/token-list';

const base: TokenListStatus = { name: 'Uniswap', url: 'https://lists.example/u.json', checkedAt: null, outcome: null, error: null, refreshedAt: null, tokens: null, skipped: 0, skippedExample: null };
const AT = Date.UTC(2026, 10, 26, 6, 30, 5);
const EARLIER = Date.UTC(2026, 10, 25, 6, 30, 5);
const at = (ms: number) => formatDate(ms, { locale: 'en-US', seconds: true });

describe('listStatusText', () => {
  it('says a list never refreshed uses the shipped snapshot', () => {
    expect(listStatusText(base, { locale: 'en-US' })).toEqual({ outcome: 'never', line: 'Not refreshed yet on this computer: the shipped snapshot answers for it.', detail: null });
  });

  it('gives the time, the tokens kept and the entries skipped of a good refresh', () => {
    const text = listStatusText({ ...base, checkedAt: AT, outcome: 'ok', refreshedAt: AT, tokens: 1538, skipped: 185, skippedExample: 'SOL (chain 501000101): address: bad' }, { locale: 'en-US' });
    expect(text).toEqual({
      outcome: 'ok',
      line: `Last refresh ${at(AT)}: ok, 1,538 tokens.`,
      detail: '185 entries skipped as unusable (e.g. SOL (chain 501000101): address: bad).',
    });
  });

  it('says why a refresh failed and which copy answers meanwhile', () => {
    const failed = { ...base, checkedAt: AT, outcome: 'failed' as const, error: 'lists.example answered HTTP 503' };
    expect(listStatusText({ ...failed, refreshedAt: EARLIER, tokens: 12 }, { locale: 'en-US' })).toEqual({
      outcome: 'failed',
      line: `Last refresh ${at(AT)}: failed: lists.example answered HTTP 503.`,
      detail: `Using the copy from ${at(EARLIER)} (12 tokens).`,
    });
    expect(listStatusText(failed, { locale: 'en-US' }).detail).toBe('Using the shipped snapshot.');
  });
});
