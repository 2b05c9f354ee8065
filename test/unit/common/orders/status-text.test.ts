import { describe, expect, it } from 'vitest';
import { orderStatusText, SHOWN_STATUSES, statusesNamed } from '../../../../main/common/orders/status';

describe('order statuses in words', () => {
  it('words every status a row can have, the journal states included', () => {
    expect(SHOWN_STATUSES.map(orderStatusText)).toEqual(['Awaiting pre-signature', 'Open', 'Filled', 'Expired', 'Cancelled', 'Submitting', 'Not sent', 'Failed to send']);
  });

  it('spells out a status the service added since from its camelCase, never the raw id', () => {
    expect(orderStatusText('partiallyExecuted')).toBe('Partially executed');
    expect(orderStatusText('scheduled')).toBe('Scheduled');
  });
});

describe('statuses named by a word of the search box', () => {
  it('finds a status by any word of its text from 3 letters, case aside', () => {
    expect(statusesNamed('Filled')).toEqual(['fulfilled']);
    expect(statusesNamed('awai')).toEqual(['presignaturePending']);
    expect(statusesNamed('not')).toEqual(['unsent']);
    expect(statusesNamed('fi')).toEqual([]);
    expect(statusesNamed('usdc')).toEqual([]);
  });
});
