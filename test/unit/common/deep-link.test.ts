import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../main/common/errors';
import { deepLinkInArgs, orderDeepLink, parseDeepLink } from '../../../main/common/deep-link';
import { CHAINS } from '../../../main/common/protocol/chains';

const hexDigits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length });
const uid = hexDigits(112).map((digits) => `0x${digits}`);
const chainId = fc.constantFrom(...CHAINS.map((chain) => chain.id));
const UID = `0x${'ab'.repeat(56)}`;

function refusal(link: string): string {
  try {
    parseDeepLink(link);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_LINK');
    return (error as AppError).message;
  }
  throw new Error(`${link} was accepted`);
}

describe('cow-desk:// links', () => {
  it('opens cow-desk://order/<uid> and the chain-prefixed forms, explorer style or by alias', () => {
    expect(parseDeepLink(`cow-desk://order/${UID}`)).toEqual({ kind: 'order', uid: UID, chainId: null });
    expect(parseDeepLink(`cow-desk://gc/order/${UID}`)).toEqual({ kind: 'order', uid: UID, chainId: 100 });
    expect(parseDeepLink(`cow-desk://arb1/order/${UID}/`)).toEqual({ kind: 'order', uid: UID, chainId: 42161 });
    expect(parseDeepLink(`COW-DESK://Gnosis/order/${UID.toUpperCase().replace('0X', '0x')}`)).toEqual({ kind: 'order', uid: UID, chainId: 100 });
    expect(parseDeepLink(`cow-desk://mainnet/order/${UID}`).chainId).toBe(1);
  });

  it('refuses other links with a reason a person can act on', () => {
    expect(refusal('https://explorer.cow.fi/orders/0x1')).toMatch(/not a cow-desk:\/\/ link/);
    expect(refusal(`cow-desk://orders/${UID}`)).toMatch(/not an order link/);
    expect(refusal(`cow-desk://polygon/order/${UID}`)).toMatch(/"polygon" is not a chain CoW Desk knows \(mainnet, gc, sepolia, arb1, base\)/);
    expect(refusal(`cow-desk://order/${UID.slice(0, -2)}`)).toMatch(/not an order UID/);
    expect(refusal(`cow-desk://order/${UID}?x=1`)).toMatch(/not an order UID/);
    expect(refusal(`cow-desk://order/${UID}#top`)).toMatch(/not an order UID/);
    expect(refusal(`cow-desk://order/${UID}/${'a'.repeat(600)}`)).toMatch(/at most 512/);
  });

  it('round-trips every order UID on every chain, and without a chain', () => {
    fc.assert(
      fc.property(uid, fc.option(chainId, { nil: undefined }), (value, chain) => {
        expect(parseDeepLink(orderDeepLink(value, chain))).toEqual({ kind: 'order', uid: value.toLowerCase(), chainId: chain ?? null });
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('refuses any UID that is not exactly 56 bytes of hex', () => {
    const wrongLength = fc.integer({ min: 0, max: 200 }).filter((n) => n !== 112).chain((n) => hexDigits(n));
    const oneBadDigit = fc.tuple(hexDigits(112), fc.integer({ min: 0, max: 111 }), fc.constantFrom('g', 'z', ' ', '%', '/', 'x', '-', 'é'));
    fc.assert(fc.property(wrongLength, (digits) => void refusal(`cow-desk://order/0x${digits}`)), { numRuns: 300 });
    fc.assert(fc.property(oneBadDigit, ([digits, at, bad]) => void refusal(`cow-desk://order/0x${digits.slice(0, at)}${bad}${digits.slice(at + 1)}`)), { numRuns: 300 });
  }, 30_000);

  it('answers any string at all with an order or an INVALID_LINK refusal, never anything else', () => {
    const links = fc.oneof(fc.string(), fc.string().map((tail) => `cow-desk://${tail}`), fc.webUrl(), uid.map((value) => `cow-desk://${value}`));
    fc.assert(
      fc.property(links, (link) => {
        try {
          const parsed = parseDeepLink(link);
          expect(parsed.uid).toMatch(/^0x[0-9a-f]{112}$/);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('INVALID_LINK');
          expect((error as AppError).message.length).toBeLessThan(400);
        }
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('finds the link among the arguments the OS starts the app with', () => {
    expect(deepLinkInArgs(['/opt/CoW Desk/cow-desk', '--no-sandbox', `cow-desk://order/${UID}`])).toBe(`cow-desk://order/${UID}`);
    expect(deepLinkInArgs(['/usr/bin/electron', '.'])).toBeUndefined();
  });
});
