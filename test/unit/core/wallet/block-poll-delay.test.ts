import { describe, expect, it } from 'vitest';
import { blockPollDelay } from '../../../../main/core/wallet/wallet-module';

describe('the block watch pace', () => {
  const timing = { blockPollMs: 4_000, pendingPollMs: 1_000 };

  it('reads blocks at the pending pace while a transaction waits for its block, and at the regular one otherwise', () => {
    expect(blockPollDelay(timing, true)).toBe(1_000);
    expect(blockPollDelay(timing, false)).toBe(4_000);
  });

  it('never waits longer while something is pending than when nothing is (a regular pace already faster stays)', () => {
    expect(blockPollDelay({ blockPollMs: 250, pendingPollMs: 1_000 }, true)).toBe(250);
  });
});
