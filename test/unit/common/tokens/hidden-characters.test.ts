import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hiddenCodePoints, revealHidden, revealParts } from '../../../../main/common/tokens/hidden-characters';

/** The characters the picker must never draw as they are: direction controls, zero-width and other invisible ones. */
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u034F', '\u180E', '\uFE0F', '\u{E0041}', '\u0000', '\u2028', '\u2029'];
const HIDDEN_PATTERN = /[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

describe('hidden characters in token symbols and names', () => {
  it('shows a right-to-left override as its code point, so "CDSU" no longer draws as "USDC" and "gnp.exe" as "exe.png"', () => {
    expect(revealHidden('\u202ECDSU')).toBe('<U+202E>CDSU');
    expect(revealHidden('USD Coin \u202Egnp.exe')).toBe('USD Coin <U+202E>gnp.exe');
    expect(revealHidden('US\u200DDC')).toBe('US<U+200D>DC');
    expect(revealHidden('A\u{E0041}')).toBe('A<U+E0041>');
  });

  it.each([...BIDI, ...INVISIBLE])('reveals %j', (character) => {
    const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    expect(revealHidden(`US${character}DC`)).toBe(`US<${code}>DC`);
    expect(hiddenCodePoints(`US${character}DC${character}`)).toEqual([code]);
  });

  it('leaves visible text alone, other scripts included (their lookalikes are the skeleton rule’s)', () => {
    for (const text of ['USDC', 'USD Coin', 'USDС', 'wstETH', 'Ether 2.0', 'ＵＳＤＣ', '🦄 Uniswap']) expect(revealHidden(text)).toBe(text);
    expect(revealParts('USDC')).toEqual([{ text: 'USDC', hidden: false }]);
    expect(hiddenCodePoints('USDC')).toEqual([]);
  });

  it('splits the text into visible pieces and marked code points, bidi controls told apart', () => {
    expect(revealParts('\u202EUS\u200DDC')).toEqual([
      { text: '<U+202E>', hidden: true, codePoint: 'U+202E', bidi: true },
      { text: 'US', hidden: false },
      { text: '<U+200D>', hidden: true, codePoint: 'U+200D', bidi: false },
      { text: 'DC', hidden: false },
    ]);
  });

  it('for any text: nothing hidden is left, the pieces make the revealed text, and the visible characters keep their order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const revealed = revealHidden(text);
        expect(HIDDEN_PATTERN.test(revealed)).toBe(false);
        const parts = revealParts(text);
        expect(parts.map((part) => part.text).join('')).toBe(revealed);
        expect(parts.filter((part) => !part.hidden).map((part) => part.text).join('')).toBe([...text].filter((c) => !HIDDEN_PATTERN.test(c)).join(''));
      }),
    );
  });

  it('for any text with no hidden character: shown exactly as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }).filter((text) => !HIDDEN_PATTERN.test(text)), (text) => {
        expect(revealHidden(text)).toBe(text);
      }),
    );
  });
});
