import { describe, expect, it } from 'vitest';
import { txStatusSchema } from '../../../../main/common/ipc/commands/wallet';
import { isPendingTx, PENDING_TX_STATUSES, TX_STATUS_TEXT, TX_STATUSES } from '../../../../main/common/wallet/tx-status';

describe('transaction statuses, defined once', () => {
  it('the IPC contract accepts exactly the statuses main/common defines', () => {
    for (const status of TX_STATUSES) expect(txStatusSchema.parse(status)).toBe(status);
    expect(txStatusSchema.safeParse('lost').success).toBe(false);
  });

  it('an unclear send is still pending (it may be mined); settled ones are not', () => {
    expect(PENDING_TX_STATUSES).toEqual(['signed', 'unclear', 'broadcast']);
    expect(TX_STATUSES.filter(isPendingTx)).toEqual(['signed', 'unclear', 'broadcast']);
    expect(isPendingTx('failed')).toBe(false);
  });

  it('every status has words, and the unclear one says the chain is being checked', () => {
    expect(Object.keys(TX_STATUS_TEXT).sort()).toEqual([...TX_STATUSES].sort());
    expect(TX_STATUS_TEXT.unclear).toMatch(/unclear.*checking the chain/);
  });
});
