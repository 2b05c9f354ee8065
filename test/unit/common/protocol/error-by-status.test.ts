import { describe, expect, it } from 'vitest';
import { describeApiError } from '../../../../main/common/protocol/error-messages';

/**
 * An error the app has no words of its own for (an errorType it does not know, or none) is told by its
 * HTTP status, each class in its own sentence with what to do; the service's description follows, cut to
 * 300 characters. StrykerJS found these branches untested (error-messages.ts: 42 survivors).
 */
describe('errors told by their HTTP status', () => {
  const said = ' The service said: "bad thing".';
  it.each([
    [0, undefined, `Could not reach the service. Check the network connection and try again.${said}`],
    [-1, undefined, `Could not reach the service. Check the network connection and try again.${said}`],
    [408, 'Timeout', `The service had a temporary problem (HTTP 408, Timeout). Try again in a moment.${said}`],
    [500, undefined, `The service had a temporary problem (HTTP 500). Try again in a moment.${said}`],
    [502, 'BadGateway', `The service had a temporary problem (HTTP 502, BadGateway). Try again in a moment.${said}`],
    [401, 'NewThing', `The service did not accept the signature or owner (HTTP 401, NewThing). Sign with the owner account.${said}`],
    [403, 'NewThing', `The service refused the request (HTTP 403, NewThing). Retrying will not help.${said}`],
    [404, undefined, `Not found (HTTP 404). Check the chain, environment and identifier.${said}`],
    [400, 'NewThing', `The service rejected the request (HTTP 400, NewThing). Fix the request; sending it unchanged will fail again.${said}`],
    [499, undefined, `The service rejected the request (HTTP 499). Fix the request; sending it unchanged will fail again.${said}`],
    [302, undefined, `Unexpected response from the service (HTTP 302).${said}`],
    [399, 'Odd', `Unexpected response from the service (HTTP 399, Odd).${said}`],
  ] as const)('HTTP %i (%s)', (status, errorType, message) => {
    expect(describeApiError(errorType, status, { description: '  bad thing  ' }).message).toBe(message);
  });

  it('an errorType that is a property of every object is no known one', () => {
    expect(describeApiError('toString', 400).message).toBe('The service rejected the request (HTTP 400, toString). Fix the request; sending it unchanged will fail again.');
  });

  it('quotes the service up to 300 characters, and nothing when it said nothing', () => {
    expect(describeApiError(undefined, 400, { description: 'x'.repeat(300) }).message).toContain(`"${'x'.repeat(300)}".`);
    expect(describeApiError(undefined, 400, { description: 'x'.repeat(301) }).message).toContain(`"${'x'.repeat(300)}…".`);
    expect(describeApiError(undefined, 400, { description: '   ' }).message).toBe('The service rejected the request (HTTP 400). Fix the request; sending it unchanged will fail again.');
  });

  it('429: the wait the service asked for, rounded up, or a moment when it named none that makes sense', () => {
    expect(describeApiError(undefined, 429, { retryAfterSeconds: 2.2 }).message).toBe('Too many requests to the service (HTTP 429). The service asks to wait 3 s before trying again.');
    expect(describeApiError(undefined, 429, { retryAfterSeconds: 0 }).message).toMatch(/asks to wait 0 s/);
    for (const retryAfterSeconds of [undefined, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(describeApiError(undefined, 429, { retryAfterSeconds }).message, String(retryAfterSeconds)).toBe('Too many requests to the service (HTTP 429). Wait a moment before trying again.');
    }
  });
});
