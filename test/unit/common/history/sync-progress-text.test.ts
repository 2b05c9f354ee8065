import { describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../../../main/common/history/history-schema';
import { syncProgressText } from '../../../../main/common/history/sync-progress-text';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';
const CHAIN_IDS = [1, 100, 11155111, 42161, 8453];
const pair = (account: string, chainId: number, phase: SyncProgress['phase'] = 'orders', done = 0, total: number | null = null): SyncProgress =>
  ({ account: account as `0x${string}`, chainId, phase, done, total });

describe('the sync progress line', () => {
  it('counts three accounts on five chains as one line, not fifteen "chain N: orders 0" items', () => {
    const progress = [A, B, C].flatMap((account) => CHAIN_IDS.map((chainId) => pair(account, chainId)));
    expect(progress).toHaveLength(15);
    expect(syncProgressText(progress)).toBe('Syncing… 0 of 15 account-chain pairs done, 0 orders stored.');
  });

  it('names only the pairs with orders coming in, two at most, and counts the rest', () => {
    const progress = [
      pair(A, 1, 'orders', 1200, null),
      pair(A, 100, 'done', 3, 3),
      pair(B, 1, 'trades', 40, 120),
      pair(C, 8453, 'refresh', 2, null),
      pair(C, 1, 'orders'),
    ];
    expect(syncProgressText(progress)).toBe(
      'Syncing… 1 of 5 account-chain pairs done, 1,245 orders stored (0x1111…1111 on Ethereum: reading orders, 1,200; 0x2222…2222 on Ethereum: reading fills, 40 of 120 and 1 more).',
    );
  });

  it('says only that it syncs before any pair reports', () => {
    expect(syncProgressText([])).toBe('Syncing…');
  });
});
