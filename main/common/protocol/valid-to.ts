import { AppError } from '../errors';

export const MAX_UINT32 = 2 ** 32 - 1;

/**
 * Anything above this is not a plausible seconds timestamp (year 5138) but is
 * exactly what Date.now() returns today, the usual source of this mistake.
 */
const MILLISECONDS_THRESHOLD = 1e11;

/**
 * Checks an order's validTo (unix seconds, uint32) before it is signed, so the
 * two classic mistakes get a message that names the fix instead of an
 * `OrderExpired` from the service after the signature was spent.
 */
export function checkValidTo(validTo: number, nowSeconds: number): number {
  if (!Number.isInteger(validTo)) {
    throw new AppError('INVALID_VALID_TO', `validTo must be a whole number of unix seconds, got ${validTo}.`, {
      details: { validTo },
    });
  }
  if (validTo > MILLISECONDS_THRESHOLD) {
    const seconds = Math.floor(validTo / 1000);
    throw new AppError(
      'VALID_TO_IN_MILLISECONDS',
      `validTo ${validTo} looks like milliseconds; validTo is in seconds, not milliseconds. Use ${seconds} instead.`,
      { details: { validTo, suggested: seconds } },
    );
  }
  if (validTo < 0 || validTo > MAX_UINT32) {
    throw new AppError('INVALID_VALID_TO', `validTo ${validTo} is outside the uint32 range 0..${MAX_UINT32} of unix seconds.`, {
      details: { validTo },
    });
  }
  if (validTo <= nowSeconds) {
    throw new AppError(
      'VALID_TO_IN_PAST',
      `validTo ${validTo} is in the past (now is ${nowSeconds}); choose an expiry in the future, in unix seconds.`,
      { details: { validTo, nowSeconds } },
    );
  }
  return validTo;
}
