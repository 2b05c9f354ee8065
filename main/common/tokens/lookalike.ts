import unhomoglyph from 'unhomoglyph';
import { IMPORTED_LIST, type Resemblance } from './token-list';

/**
 * The confusable skeleton of Unicode TR39 (section 4): NFD, drop every
 * Default_Ignorable_Code_Point, map each character to its prototype by
 * Unicode's confusables.txt, NFD again. Two texts that can be taken for one
 * another on screen ("USDC" with a Cyrillic С, or with a zero-width joiner)
 * have the same skeleton. The mapping is unhomoglyph's, generated from
 * confusables.txt; no JavaScript package implements the whole algorithm.
 * A skeleton is for comparing only, never for showing.
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '')).normalize('NFD');
}

/** What the rule reads of a token: a list entry, the native asset, an imported or a pasted token. */
export interface LookalikeToken {
  address: string;
  symbol: string;
  name: string;
  /** The lists naming it; IMPORTED_LIST for a token the user imported, none for one read from its chain. */
  lists: readonly string[];
  native: boolean;
}

/**
 * How far a token can be trusted to be the one its symbol names: the lists that
 * name it (the user's own import is no list); the chain's native asset cannot be copied.
 */
export function standingOf(token: LookalikeToken): number {
  return token.native ? Number.POSITIVE_INFINITY : token.lists.filter((list) => list !== IMPORTED_LIST).length;
}

/**
 * The tokens of one chain by skeleton of symbol and of name. A token resembles
 * another of the same chain when their symbols or their names have the same
 * skeleton and the other is named by at least one list and by at least as many
 * as it: a copy on one list, a pasted or imported copy, or two listed tokens
 * that claim the same symbol equally (each then names the other). The real
 * token, named by more lists than any copy, carries no warning.
 */
export class LookalikeIndex {
  private readonly bySymbol = new Map<string, LookalikeToken[]>();
  private readonly byName = new Map<string, LookalikeToken[]>();

  constructor(tokens: Iterable<LookalikeToken>) {
    for (const token of tokens) {
      if (standingOf(token) === 0) continue;
      push(this.bySymbol, skeleton(token.symbol), token);
      push(this.byName, skeleton(token.name), token);
    }
    // An empty name (or a symbol of hidden characters only) looks like nothing, not like another token.
    this.bySymbol.delete('');
    this.byName.delete('');
  }

  /** The listed token `token` can be taken for, the one most lists name; null when there is none. */
  resembled(token: LookalikeToken): Resemblance | null {
    const standing = standingOf(token);
    const address = token.address.toLowerCase();
    const candidates = [...(this.bySymbol.get(skeleton(token.symbol)) ?? []), ...(this.byName.get(skeleton(token.name)) ?? [])].filter(
      (other) => other.address.toLowerCase() !== address && standingOf(other) >= standing,
    );
    const best = candidates.reduce<LookalikeToken | null>((chosen, other) => (chosen === null || standingOf(other) > standingOf(chosen) ? other : chosen), null);
    return best && { address: best.address as `0x${string}`, symbol: best.symbol, name: best.name, lists: best.lists.filter((list) => list !== IMPORTED_LIST) };
  }
}

function push(map: Map<string, LookalikeToken[]>, key: string, token: LookalikeToken): void {
  const tokens = map.get(key);
  if (tokens) tokens.push(token);
  else map.set(key, [token]);
}
