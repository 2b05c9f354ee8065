import { describe, expect, it } from 'vitest';
import { appDataHash } from '../../../../main/common/protocol/app-data';
import { appDataFor } from '../../../../main/common/trade/app-data-doc';
import { canonicalAppData } from '../../../../main/common/trade/app-data-edited';
import { limitOrderAmounts, marketOrderAmounts, parseSlippagePercent, quoteGuard } from '../../../../main/common/trade/order-math';

describe('quote guard', () => {
  const expiresAt = 1_800_000_060_000;
  it('counts down and allows submission with 5 s or more left', () => {
    expect(quoteGuard(expiresAt, expiresAt - 60_000)).toEqual({ secondsLeft: 60, canSubmit: true, expired: false });
    expect(quoteGuard(expiresAt, expiresAt - 5_000)).toEqual({ secondsLeft: 5, canSubmit: true, expired: false });
  });
  it('blocks submission under 5 s and reports expiry at zero', () => {
    expect(quoteGuard(expiresAt, expiresAt - 4_999)).toEqual({ secondsLeft: 5, canSubmit: false, expired: false });
    expect(quoteGuard(expiresAt, expiresAt)).toEqual({ secondsLeft: 0, canSubmit: false, expired: true });
    expect(quoteGuard(expiresAt, expiresAt + 10_000).secondsLeft).toBe(0);
  });
});

describe('order amounts', () => {
  it('a sell order sells quote + fee and asks the quoted buy minus slippage', () => {
    expect(marketOrderAmounts({ kind: 'sell', sellAmount: 990n, buyAmount: 10_000n, feeAmount: 10n }, 50)).toEqual({ sellAmount: 1000n, buyAmount: 9950n });
  });
  it('a buy order buys exactly and pays at most (quote + fee) plus slippage', () => {
    expect(marketOrderAmounts({ kind: 'buy', sellAmount: 999n, buyAmount: 5n, feeAmount: 1n }, 50)).toEqual({ sellAmount: 1005n, buyAmount: 5n });
  });
  // 1001 × 1.005 = 1006.005: rounded down, the order would allow less than the 0.5% the user chose.
  it('a buy order\'s maximum sell is rounded up where the slippage does not divide it', () => {
    expect(marketOrderAmounts({ kind: 'buy', sellAmount: 1000n, buyAmount: 5n, feeAmount: 1n }, 50)).toEqual({ sellAmount: 1007n, buyAmount: 5n });
  });
  it('limit orders follow the price per whole sell token', () => {
    expect(limitOrderAmounts('sell', 2n * 10n ** 18n, 3_000_000_000n, 18)).toEqual({ sellAmount: 2n * 10n ** 18n, buyAmount: 6_000_000_000n });
    expect(limitOrderAmounts('buy', 3_000_000_000n, 3_000_000_000n, 18)).toEqual({ sellAmount: 10n ** 18n, buyAmount: 3_000_000_000n });
  });
  // 1000 USDC at 3000 USDC per WETH is 0.3333… WETH: rounded down, the order would ask a better price than the user set.
  it('a limit buy\'s sell amount is rounded up where the price does not divide it', () => {
    const { sellAmount } = limitOrderAmounts('buy', 1_000_000_000n, 3_000_000_000n, 18);
    expect(sellAmount).toBe(333_333_333_333_333_334n);
    // Its price (buy per whole sell token) is then never above the limit set.
    expect(1_000_000_000n * 10n ** 18n <= sellAmount * 3_000_000_000n).toBe(true);
  });
  it('parses slippage percentages and refuses absurd ones', () => {
    expect(parseSlippagePercent('0.5')).toEqual({ ok: true, bips: 50 });
    expect(parseSlippagePercent('abc').ok).toBe(false);
    expect(parseSlippagePercent('60').ok).toBe(false);
  });
  it('reads whole and two-decimal percentages, with spaces around, up to 50% itself', () => {
    for (const [text, bips] of [['5', 500], ['10', 1000], ['0.25', 25], [' 1.5 ', 150], ['50', 5000], ['0', 0]] as const) {
      expect(parseSlippagePercent(text), text).toEqual({ ok: true, bips });
    }
  });
  it('says why a slippage is refused', () => {
    const format = { ok: false, error: 'Slippage is a percentage with at most two decimals, e.g. 0.5.' };
    for (const text of ['0.125', 'a0.5', '0.5a', '1.', '.5', '-1', '']) expect(parseSlippagePercent(text), text).toEqual(format);
    expect(parseSlippagePercent('50.01')).toEqual({ ok: false, error: 'Slippage above 50% is refused: it would let the order fill at almost any price.' });
  });
  it('a limit buy at price 0 sells nothing rather than dividing by zero', () => {
    expect(limitOrderAmounts('buy', 1_000n, 0n, 18)).toEqual({ sellAmount: 0n, buyAmount: 1_000n });
  });
});

describe('appData document', () => {
  it('composes the document with sorted keys and hashes that exact string', () => {
    const { fullAppData, hash } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50, referrer: null, utm: { utmSource: 'desk' } });
    expect(fullAppData).toBe(
      '{"appCode":"CoW Desk","environment":"production","metadata":{"orderClass":{"orderClass":"market"},"quote":{"slippageBips":50},"utm":{"utmSource":"desk"}},"version":"1.4.0"}',
    );
    expect(hash).toBe(appDataHash(fullAppData));
  });
  it('an edited document is validated and re-serialised canonically', () => {
    const edited = canonicalAppData('{\n  "version": "1.4.0",\n  "metadata": {},\n  "appCode": "X"\n}');
    expect(edited).toEqual({ ok: true, fullAppData: '{"appCode":"X","metadata":{},"version":"1.4.0"}', hash: appDataHash('{"appCode":"X","metadata":{},"version":"1.4.0"}') });
    expect(canonicalAppData('{"metadata":{}}')).toMatchObject({ ok: false, error: expect.stringContaining('version') });
    expect(canonicalAppData('{oops')).toMatchObject({ ok: false, error: expect.stringContaining('Not valid JSON') });
  });
});
