import { describe, expect, it } from 'vitest';
import { MAX_MARKET_VALIDITY_SECONDS, quoteValidFor, secondsUntil, validityPresets, validityProblem } from '../../../../main/common/orders/validity';

const DAY = 86_400;

describe('validity: limit orders as traders use them', () => {
  it('offers limit presets from an hour to a year', () => {
    expect(validityPresets('limit').map((preset) => preset.label)).toEqual(['1 hour', '1 day', '3 days', '1 week', '1 month', '6 months', '1 year']);
    expect(validityPresets('limit').at(-1)?.seconds).toBe(365 * DAY);
    expect(validityProblem('limit', 365 * DAY)).toBeNull();
    expect(validityProblem('limit', 365 * DAY + 1)).toMatch(/at most a year/);
  });

  it('refuses an expiry under a minute in the form, for both classes, before anything is signed', () => {
    expect(validityProblem('limit', 30)).toMatch(/at least 60 seconds/);
    expect(validityProblem('market', 59)).toMatch(/at least 60 seconds/);
    expect(validityProblem('market', 60)).toBeNull();
  });

  it('never suggests a limit order to a limit order', () => {
    expect(validityProblem('market', DAY)).toMatch(/or place a limit order/);
    for (const seconds of [30, 365 * DAY + 1, -5]) expect(validityProblem('limit', seconds) ?? '').not.toMatch(/limit order\./);
  });

  it('asks the quote within the 3 hours the service quotes, whatever the order is valid for', () => {
    expect(quoteValidFor(7 * DAY)).toBe(MAX_MARKET_VALIDITY_SECONDS);
    expect(quoteValidFor(30 * DAY)).toBe(MAX_MARKET_VALIDITY_SECONDS);
    expect(quoteValidFor(1800)).toBe(1800);
  });

  it('a custom date counts from now; a date already past is refused', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(secondsUntil('2026-03-08T12:00:00Z', now)).toBe(7 * DAY);
    expect(validityProblem('limit', secondsUntil('2026-03-01T11:00:00Z', now)!)).toMatch(/future/);
    expect(secondsUntil('not a date', now)).toBeNull();
  });
});
