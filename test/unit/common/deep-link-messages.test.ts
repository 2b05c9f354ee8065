import { describe, expect, it } from 'vitest';
import { AppError } from '../../../main/common/errors';
import { orderDeepLink, parseDeepLink } from '../../../main/common/deep-link';

const UID = `0x${'ab'.repeat(56)}`;
function message(link: string): string {
  try {
    parseDeepLink(link);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_LINK') return error.message;
    throw error;
  }
  throw new Error(`expected ${link} to be refused`);
}

/** What a user reads when a link cannot be opened: the link shown cut at 60 characters, the UID at 20 (StrykerJS survivors in deep-link.ts). */
describe('a link CoW Desk cannot open, in words', () => {
  it('shows a long link cut at 60 characters, and a link of 60 whole', () => {
    const long = `https://example.org/${'x'.repeat(60)}`;
    expect(message(long)).toBe(`CoW Desk cannot open this link: "${long.slice(0, 60)}…" is not a cow-desk:// link.`);
    const sixty = `https://example.org/${'x'.repeat(40)}`;
    expect(message(sixty)).toBe(`CoW Desk cannot open this link: "${sixty}" is not a cow-desk:// link.`);
  });

  it('a link of 512 characters is read, one longer is refused by its length', () => {
    const padded = `cow-desk://order/0x${'a'.repeat(512 - 19)}`;
    expect(padded).toHaveLength(512);
    expect(message(padded)).toMatch(/is not an order UID/);
    expect(message(`${padded}a`)).toBe('CoW Desk cannot open this link: it is 513 characters long; an order link has at most 512.');
  });

  it('names the chain it does not know (cut at 20) and the UID that is none (cut at 20)', () => {
    expect(message(`cow-desk://${'p'.repeat(25)}/order/${UID}`)).toMatch(new RegExp(`^CoW Desk cannot open this link: "${'p'.repeat(20)}" is not a chain CoW Desk knows \\(`));
    expect(message('cow-desk://order/0x1234')).toBe('CoW Desk cannot open this link: "0x1234" is not an order UID (0x followed by 112 hex digits).');
    expect(message(`cow-desk://order/0x${'g'.repeat(30)}`)).toBe(`CoW Desk cannot open this link: "0x${'g'.repeat(18)}…" is not an order UID (0x followed by 112 hex digits).`);
  });

  it('an empty chain is no chain, and a UID of exactly 20 characters is shown whole', () => {
    expect(message(`cow-desk:///order/0x${'ab'.repeat(56)}`)).toMatch(/^CoW Desk cannot open this link: "" is not a chain CoW Desk knows/);
    expect(message(`cow-desk://order/0x${'g'.repeat(18)}`)).toBe(`CoW Desk cannot open this link: "0x${'g'.repeat(18)}" is not an order UID (0x followed by 112 hex digits).`);
  });

  it('an unknown chain id makes no link, a known one names its chain', () => {
    expect(orderDeepLink(UID, 100)).toBe(`cow-desk://gc/order/${UID}`);
    expect(() => orderDeepLink(UID, 999)).toThrow(/^Unknown chain 999\.$/);
    expect(orderDeepLink(UID)).toBe(`cow-desk://order/${UID}`);
  });
});
