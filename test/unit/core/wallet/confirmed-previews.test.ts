import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { ConfirmedPreviews, PREVIEW_TTL_MS } from '../../../../main/core/wallet/confirmed-previews';

const shown: { preview: { digest: Hex }; fees: string } = { preview: { digest: '0xABCD' }, fees: 'as shown' };

describe('the transactions shown to the user for confirmation', () => {
  function kept() {
    let now = 1_000;
    const previews = new ConfirmedPreviews<typeof shown>(() => now);
    previews.keep('click', shown);
    return { previews, later: (ms: number) => (now += ms) };
  }

  it('the one confirmed is signed as shown for two minutes, then prepared again', () => {
    const { previews, later } = kept();
    later(PREVIEW_TTL_MS - 1);
    expect(previews.confirmed('click', '0xabcd')).toBe(shown);
    later(1);
    expect(previews.confirmed('click', '0xabcd')).toBeUndefined();
  });

  it('another digest, another key or a dropped one is never the confirmed one', () => {
    const { previews } = kept();
    expect(previews.confirmed('click', '0xabce')).toBeUndefined();
    expect(previews.confirmed('another click', '0xabcd')).toBeUndefined();
    previews.drop('click');
    expect(previews.confirmed('click', '0xabcd')).toBeUndefined();
  });

  it('a preview shown again replaces the earlier one and its age', () => {
    const { previews, later } = kept();
    later(PREVIEW_TTL_MS - 1);
    const again: typeof shown = { preview: { digest: '0x1234' }, fees: 'moved' };
    previews.keep('click', again);
    expect(previews.confirmed('click', '0xabcd')).toBeUndefined();
    later(PREVIEW_TTL_MS - 1);
    expect(previews.confirmed('click', '0x1234')).toBe(again);
  });
});
