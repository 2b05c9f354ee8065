import { describe, expect, it } from 'vitest';
import { isCommandName } from '../../../main/common/ipc/contract';
import { formatBytes } from '../../../main/common/format/format';
import { DEADLINES, RESPONSE_LIMITS, scaleDeadlines, USER_ACTIONS } from '../../../main/common/limits';
import { MAX_POOLS_PER_REQUEST, MAX_UIDS_PER_REQUEST } from '../../../main/common/protocol/api';

describe('limits and deadlines', () => {
  it('gives a user read 20 s and a submission 30 s end to end, and a connection far less than either', () => {
    expect(DEADLINES.userReadMs).toBe(20_000);
    expect(DEADLINES.userSubmitMs).toBe(30_000);
    expect(DEADLINES.headersMs).toBeLessThan(DEADLINES.userReadMs);
    expect(DEADLINES.bodyIdleMs).toBeLessThan(DEADLINES.userReadMs);
    expect(DEADLINES.offlineAttemptMs).toBeLessThan(1_000);
    expect(DEADLINES.backgroundRequestMs).toBeGreaterThan(DEADLINES.userSubmitMs);
  });

  it('leaves headroom over the largest real answers: a 1000-order page (~1.6 MB, up to ~10 MB with full appData), 128 orders by UID, 500 pools', () => {
    expect(RESPONSE_LIMITS.accountOrders).toBeGreaterThanOrEqual(1000 * (1_600 + 8_192));
    expect(RESPONSE_LIMITS.ordersByUids).toBeGreaterThanOrEqual(MAX_UIDS_PER_REQUEST * (1_600 + 8_192) * 2);
    expect(RESPONSE_LIMITS.pools).toBeGreaterThanOrEqual(MAX_POOLS_PER_REQUEST * 1_024 * 4);
    // A quote or an order answer carries at most an 8 KiB appData document, escaped.
    expect(RESPONSE_LIMITS.small).toBeGreaterThanOrEqual(6 * 8_192);
  });

  it('names only real IPC commands as user actions', () => {
    for (const command of Object.keys(USER_ACTIONS)) expect(isCommandName(command), command).toBe(true);
    expect(USER_ACTIONS['trade.submit']).toBe('submit');
    expect(USER_ACTIONS['trade.quote']).toBe('read');
    expect(Object.keys(USER_ACTIONS)).not.toContain('history.syncNow');
  });

  it('scales every time by the same factor, so shortened test deadlines keep the real ratios', () => {
    const tenth = scaleDeadlines(0.1);
    for (const key of Object.keys(DEADLINES) as (keyof typeof DEADLINES)[]) expect(tenth[key], key).toBe(Math.round(DEADLINES[key] / 10));
    expect(() => scaleDeadlines(0)).toThrow(RangeError);
  });

  it('names sizes the way the messages show them', () => {
    expect(formatBytes(RESPONSE_LIMITS.accountOrders)).toBe('16 MB');
    expect(formatBytes(RESPONSE_LIMITS.small)).toBe('64 kB');
  });
});
