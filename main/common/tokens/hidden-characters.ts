/**
 * Characters a token's symbol or name can hold that draw as nothing or move the
 * text around them: bidirectional controls (U+202E turns "CDSU" into "USDC" on
 * screen, "gnp.exe" into "exe.png"), zero-width and every other
 * Default_Ignorable_Code_Point (U+200B-200D, U+2060, U+FEFF, U+00AD, variation
 * selectors, tags), and control, format and line/paragraph separator characters.
 * Anyone can deploy a token named with them, so no screen shows them as they are.
 */
const HIDDEN = /[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const BIDI = /^\p{Bidi_Control}$/u;

/** The code point as the Unicode standard writes it: U+202E, U+1F600. */
export const codePointName = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** One piece of a token's text: shown as is, or a hidden character shown as its code point. */
export type RevealedPart = { text: string; hidden: false } | { text: string; hidden: true; codePoint: string; bidi: boolean };

/**
 * The text in pieces, each hidden character on its own as `<U+202E>` (the
 * renderer marks those pieces), so the screen shows every character there is
 * and none changes the direction of the ones after it.
 */
export function revealParts(text: string): RevealedPart[] {
  const parts: RevealedPart[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), hidden: false });
    const codePoint = codePointName(match[0]);
    parts.push({ text: `<${codePoint}>`, hidden: true, codePoint, bidi: BIDI.test(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hidden: false });
  return parts;
}

/** The text with each hidden character written as `<U+…>`: for plain-text places (a button's name, an option's label). */
export const revealHidden = (text: string): string => text.replace(HIDDEN, (character) => `<${codePointName(character)}>`);

/** The hidden characters a text holds, as code points, each once, in order: what a warning names. */
export function hiddenCodePoints(text: string): string[] {
  return [...new Set([...text.matchAll(HIDDEN)].map((match) => codePointName(match[0])))];
}
