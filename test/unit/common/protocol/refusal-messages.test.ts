import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/common/errors';
import { parseOrderUid } from '../../../../main/common/protocol/order-uid';
import { checkValidTo, MAX_UINT32 } from '../../../../main/common/protocol/valid-to';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** What a user reads when a pasted order UID or an expiry is wrong (StrykerJS: the messages were untested). */
describe('an order UID that is not one', () => {
  it('says what a UID is, how many bytes it got, and cuts a long paste to 20 characters', () => {
    expect(refusal(() => parseOrderUid('abc'))).toMatchObject({ code: 'INVALID_ORDER_UID', message: '"abc" is not an order UID: expected 0x followed by 112 hex digits (56 bytes).' });
    expect(refusal(() => parseOrderUid('0x1234')).message).toBe('"0x1234" is not an order UID: expected 0x followed by 112 hex digits (56 bytes), got 2 bytes.');
    const long = `0x${'ab'.repeat(14)}`;
    expect(refusal(() => parseOrderUid(long)).message).toBe(`"${long.slice(0, 20)}…" is not an order UID: expected 0x followed by 112 hex digits (56 bytes), got 14 bytes.`);
    const twenty = `0x${'a'.repeat(18)}`;
    expect(refusal(() => parseOrderUid(twenty)).message).toMatch(/^"0xa{18}" is not an order UID/);
    expect(refusal(() => parseOrderUid(`0x${'g'.repeat(112)}`)).code).toBe('INVALID_ORDER_UID');
  });
});

describe('an expiry refused before anything is signed', () => {
  const now = 1_800_000_000;
  it('a fraction of a second', () => {
    expect(refusal(() => checkValidTo(1_800_000_600.5, now))).toMatchObject({
      code: 'INVALID_VALID_TO',
      message: 'validTo must be a whole number of unix seconds, got 1800000600.5.',
      details: { validTo: 1_800_000_600.5 },
    });
  });

  it('outside uint32, up to the point where it reads as milliseconds', () => {
    for (const validTo of [-1, MAX_UINT32 + 1, 1e11]) {
      expect(refusal(() => checkValidTo(validTo, now)), String(validTo)).toMatchObject({
        code: 'INVALID_VALID_TO',
        message: `validTo ${validTo} is outside the uint32 range 0..${MAX_UINT32} of unix seconds.`,
        details: { validTo },
      });
    }
    expect(refusal(() => checkValidTo(1e11 + 1, now)).code).toBe('VALID_TO_IN_MILLISECONDS');
  });

  it('in the past, now included, names both times', () => {
    for (const validTo of [0, now]) {
      expect(refusal(() => checkValidTo(validTo, now))).toMatchObject({
        code: 'VALID_TO_IN_PAST',
        message: `validTo ${validTo} is in the past (now is ${now}); choose an expiry in the future, in unix seconds.`,
        details: { validTo, nowSeconds: now },
      });
    }
    expect(checkValidTo(MAX_UINT32, now)).toBe(MAX_UINT32);
  });
});
