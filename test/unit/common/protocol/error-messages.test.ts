import { describe, expect, it } from 'vitest';
import { describeApiError, KNOWN_ERROR_TYPES } from '../../../../main/common/protocol/error-messages';

// Every errorType named by interface.md's Quote and Submission tables and by protocol-notes.md.
const REQUIRED = [
  'SellAmountDoesNotCoverFee', 'NoLiquidity', 'UnsupportedToken', 'InvalidParameter', 'RateLimited', 'InternalServerError',
  'InvalidSignature', 'DuplicatedOrder', 'InsufficientBalance', 'InsufficientAllowance', 'OrderExpired', 'SellAmountOverflow',
  'BuyAmountOverflow', 'InvalidAppData', 'Forbidden', 'NonZeroFee', 'InvalidValidFrom', 'LIMIT_OUT_OF_BOUNDS', 'NotFound',
  'AppDataInvalid', 'AppDataHashMismatch', 'AppDataMismatch', 'InvalidTradeFilter', 'InvalidLimit', 'InsufficientLiquidity',
  'QuoteNotVerified', 'InsufficientValidTo', 'ExcessiveValidTo', 'SameBuyAndSellToken', 'InvalidNativeSellToken',
  'TradingOutsideAllowedWindow', 'TooManyLimitOrders', 'TransferSimulationFailed', 'WrongOwner', 'IncompatibleSigningScheme',
  'ZeroAmount', 'AlreadyCancelled', 'OrderFullyExecuted', 'OnChainOrder', 'OrderNotFound',
];

describe('describeApiError', () => {
  it('knows every errorType of interface.md and protocol-notes.md', () => {
    expect(KNOWN_ERROR_TYPES).toEqual(expect.arrayContaining(REQUIRED));
  });

  it.each(KNOWN_ERROR_TYPES.map((type) => [type]))('has a specific message for %s', (type) => {
    const context = { description: 'details from the service' };
    for (const status of [400, 404]) {
      const generic = describeApiError('SomethingNobodyKnows', status, context).message;
      const { message } = describeApiError(type, status, context);
      expect(message).not.toBe(generic);
      expect(message).not.toContain('SomethingNobodyKnows');
      expect(message.length).toBeGreaterThan(30);
    }
  });

  it('never marks 400, 403 or 404 retryable, whatever the errorType', () => {
    for (const type of [...KNOWN_ERROR_TYPES, 'Unknown', undefined]) {
      for (const status of [400, 403, 404]) expect(describeApiError(type, status).retryable, `${type} ${status}`).toBe(false);
    }
  });

  it('marks 429, 5xx and network failures retryable', () => {
    expect(describeApiError('RateLimited', 429).retryable).toBe(true);
    expect(describeApiError('InternalServerError', 500).retryable).toBe(true);
    expect(describeApiError(undefined, 503).retryable).toBe(true);
    expect(describeApiError(undefined, 0).retryable).toBe(true);
    expect(describeApiError('Forbidden', 403).retryable).toBe(false);
  });

  it('puts the context into the messages that need it', () => {
    const relayer = '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110';
    expect(describeApiError('InsufficientAllowance', 400, { vaultRelayer: relayer }).message).toMatch(
      new RegExp(`vault relayer ${relayer} .*at least sellAmount plus fees`),
    );
    // The network cost in the sell token's units, never in base units; left out where the token is not known.
    expect(describeApiError('SellAmountDoesNotCoverFee', 400, { feeAmount: '2250000000000000', sellToken: { symbol: 'WETH', decimals: 18 } }).message).toBe(
      'The sell amount is too small to cover the network cost of settling it (about 0.00225 WETH). Raise the sell amount and quote again.',
    );
    expect(describeApiError('SellAmountDoesNotCoverFee', 400, { feeAmount: '2250000' }).message).toBe(
      'The sell amount is too small to cover the network cost of settling it. Raise the sell amount and quote again.',
    );
    expect(describeApiError('RateLimited', 429, { retryAfterSeconds: 2.2 }).message).toMatch(/wait 3 s before trying again/);
    expect(describeApiError(undefined, 429, { retryAfterSeconds: 5 }).message).toMatch(/wait 5 s before trying again/);
    expect(describeApiError('OrderExpired', 400).message).toMatch(/seconds, not milliseconds/);
    expect(describeApiError('DuplicatedOrder', 400).message).toMatch(/validTo, an amount or the appData/);
    expect(describeApiError('InvalidSignature', 400).message).toMatch(/domain.*scheme.*signer/);
    expect(describeApiError('InvalidAppData', 400).message).toMatch(/Upload the appData document/);
  });

  it('falls back to a status message with the service description for unknown types', () => {
    const { message, retryable } = describeApiError('BrandNewError', 400, { description: 'validTo too weird' });
    expect(message).toMatch(/HTTP 400, BrandNewError.*validTo too weird/);
    expect(retryable).toBe(false);
    expect(describeApiError(undefined, 502).message).toMatch(/temporary problem.*Try again in a moment/);
    expect(describeApiError('toString', 400).message).toMatch(/HTTP 400, toString/);
  });
});
