import { IMPORTED_LIST, type Resemblance } from './token-list';

/**
 * An address shortened for a token row: six hex digits at each end, more than
 * the four a vanity-address generator can match cheaply, so two lookalike tokens
 * side by side differ in what is shown.
 */
export const shortAddress = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

/** Where the picker's token comes from: the lists naming it, or the user's own import. */
export function tokenSource(lists: readonly string[]): string {
  if (lists.length === 0) return 'on no list';
  return lists.map((list) => (list === IMPORTED_LIST ? 'imported by you' : list)).join(', ');
}

/** Where the listed token a lookalike can be taken for is, for a warning after its symbol: "0xA0b869…06eB48 on CoW Swap". */
export const resemblanceLabel = (resembles: Resemblance) => `${shortAddress(resembles.address)}${resembles.lists.length > 0 ? ` on ${resembles.lists.join(', ')}` : ''}`;
