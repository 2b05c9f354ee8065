import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LookalikeIndex, skeleton, type LookalikeToken } from '../../../../main/common/tokens/lookalike';
import { IMPORTED_LIST } from '../../../../main/common/tokens/token-list';

/** Latin letters and the Cyrillic and Greek letters drawn the same (test data, read off the code charts). */
const TWINS: Record<string, string[]> = {
  a: ['а'], c: ['с', 'ϲ'], e: ['е'], o: ['о', 'ο'], p: ['р', 'ρ'], x: ['х'], y: ['у'],
  A: ['А', 'Α'], B: ['В', 'Β'], C: ['С', 'Ϲ'], E: ['Е', 'Ε'], H: ['Н', 'Η'], K: ['К', 'Κ'], M: ['М', 'Μ'], O: ['О', 'Ο'], P: ['Р', 'Ρ'], S: ['Ѕ'], T: ['Т', 'Τ'], X: ['Х', 'Χ'],
};
const DEFAULT_IGNORABLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u202E', '\u2066', '\u200F', '\u061C'];

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const token = (address: string, symbol: string, lists: string[], name = 'USD Coin', native = false): LookalikeToken => ({ address, symbol, name, lists, native });
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('confusable skeletons (Unicode TR39)', () => {
  it('gives "USDC" written with Cyrillic or Greek letters, or with a zero-width joiner, the skeleton of "USDC"', () => {
    for (const lookalike of ['USDС', 'UЅDϹ', 'US\u200DDC', '\uFEFFUSDC', 'U\u00ADSDC']) expect(skeleton(lookalike)).toBe(skeleton('USDC'));
    expect(skeleton('rn')).toBe(skeleton('m'));
    expect(skeleton('USDT')).not.toBe(skeleton('USDC'));
    expect(skeleton('Tether USD')).not.toBe(skeleton('USD Coin'));
  });

  it('composed and decomposed accents have one skeleton (NFD before and after the mapping)', () => {
    expect(skeleton('Ré')).toBe(skeleton('Re\u0301'));
  });

  it('for any text: hidden characters put anywhere do not change the skeleton', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...DEFAULT_IGNORABLE)), { maxLength: 4 }), (text, inserts) => {
        const characters = [...text];
        for (const [position, character] of inserts) characters.splice(position % (characters.length + 1), 0, character);
        expect(skeleton(characters.join(''))).toBe(skeleton(text));
      }),
    );
  });

  it('for any Latin symbol: each letter swapped for its Cyrillic or Greek twin keeps the skeleton', () => {
    const letters = Object.keys(TWINS);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...letters), fc.nat()), { minLength: 1, maxLength: 8 }), (picks) => {
        const latin = picks.map(([letter]) => letter).join('');
        const spoof = picks.map(([letter, n]) => (n % 2 === 0 ? letter : TWINS[letter]![n % TWINS[letter]!.length]!)).join('');
        expect(skeleton(spoof)).toBe(skeleton(latin));
      }),
    );
  });

  it('for any text: the skeleton of a skeleton is itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 16 }), (text) => {
        expect(skeleton(skeleton(text))).toBe(skeleton(text));
      }),
    );
  });
});

describe('which listed token a token resembles', () => {
  const real = token(USDC, 'USDC', ['CoW Desk snapshot', 'CoW Swap']);
  const index = (...tokens: LookalikeToken[]) => new LookalikeIndex([real, ...tokens]);

  it('the real token, named by the most lists, resembles nothing; each copy resembles it', () => {
    const onOneList = token(at(1), 'USDC', ['Spam list']);
    const cyrillic = token(at(2), 'USDС', ['Spam list'], 'Circle dollar');
    const zeroWidth = token(at(3), 'US\u200DDC', [], 'Something');
    const imported = token(at(4), 'USDC', [IMPORTED_LIST]);
    const sameName = token(at(5), 'UDC', ['Spam list'], 'USD Соin');
    const lookup = index(onOneList, cyrillic, zeroWidth, imported, sameName);
    expect(lookup.resembled(real)).toBeNull();
    const resemblance = { address: USDC, symbol: 'USDC', name: 'USD Coin', lists: ['CoW Desk snapshot', 'CoW Swap'] };
    for (const copy of [onOneList, cyrillic, zeroWidth, imported, sameName]) expect(lookup.resembled(copy)).toEqual(resemblance);
  });

  it('a token read from its chain resembles a listed one, never one the user imported', () => {
    const imported = token(at(4), 'GOLD', [IMPORTED_LIST], 'Gold');
    expect(index(imported).resembled(token(at(9), 'GOLD', [], 'Gold'))).toBeNull();
  });

  it('two tokens that as many lists name equally each resemble the other', () => {
    const a = token(at(1), 'ABC', ['List A'], 'Alpha');
    const b = token(at(2), 'АВС', ['List B'], 'Beta');
    const lookup = new LookalikeIndex([a, b]);
    expect(lookup.resembled(a)?.address).toBe(at(2));
    expect(lookup.resembled(b)?.address).toBe(at(1));
  });

  it('the native asset resembles nothing; a listed "ETH" resembles it', () => {
    const native = token('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 'ETH', ['native'], 'Ether', true);
    const fake = token(at(7), 'ETH', ['List A', 'List B', 'List C'], 'Ether');
    const lookup = new LookalikeIndex([native, fake]);
    expect(lookup.resembled(native)).toBeNull();
    expect(lookup.resembled(fake)?.symbol).toBe('ETH');
  });

  it('an empty name, or a symbol of hidden characters only, resembles nothing', () => {
    const lookup = new LookalikeIndex([token(at(1), 'AAA', ['List A'], ''), token(at(2), '\u200B', ['List A'], 'X')]);
    expect(lookup.resembled(token(at(3), 'BBB', [], ''))).toBeNull();
    expect(lookup.resembled(token(at(4), '\u200D', [], 'Y'))).toBeNull();
  });

  it('unrelated tokens resemble nothing', () => {
    expect(index(token(at(1), 'USDT', ['Spam list'], 'Tether USD')).resembled(token(at(1), 'USDT', ['Spam list'], 'Tether USD'))).toBeNull();
  });
});
