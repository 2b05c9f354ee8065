import { describe, expect, it } from 'vitest';
import { checkValidTo } from '../../../../main/common/protocol/valid-to';

const now = 1_735_689_600;

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('checkValidTo', () => {
  it('returns a future validTo in seconds', () => {
    expect(checkValidTo(now + 1800, now)).toBe(now + 1800);
    expect(checkValidTo(2 ** 32 - 1, now)).toBe(2 ** 32 - 1);
  });

  it('spots milliseconds and suggests the seconds value', () => {
    expect(codeOf(() => checkValidTo((now + 1800) * 1000, now))).toMatchObject({
      code: 'VALID_TO_IN_MILLISECONDS',
      message: expect.stringMatching(new RegExp(`in seconds, not milliseconds. Use ${now + 1800} instead`)),
      details: { suggested: now + 1800 },
    });
  });

  it('refuses the past, non-integers and values outside uint32', () => {
    expect(codeOf(() => checkValidTo(now - 1, now))).toMatchObject({ code: 'VALID_TO_IN_PAST' });
    expect(codeOf(() => checkValidTo(now, now))).toMatchObject({ code: 'VALID_TO_IN_PAST' });
    expect(codeOf(() => checkValidTo(now + 0.5, now))).toMatchObject({ code: 'INVALID_VALID_TO' });
    expect(codeOf(() => checkValidTo(2 ** 32, now))).toMatchObject({ code: 'INVALID_VALID_TO' });
    expect(codeOf(() => checkValidTo(-5, now))).toMatchObject({ code: 'INVALID_VALID_TO' });
  });
});
