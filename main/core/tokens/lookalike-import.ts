import type { Address } from 'viem';
import { AppError } from '../../common/errors';
import { revealHidden } from '../../common/tokens/hidden-characters';
import type { Resemblance } from '../../common/tokens/token-list';
import type { ChainToken } from './token-reader';

/**
 * A token that looks like a listed one is imported only when the user confirmed
 * it is not that one: `confirmedNot` is the listed token's address, which the
 * picker's confirmation names. Without it (or naming another token) the import
 * is refused in words that say which token it resembles.
 */
export function refuseUnconfirmedLookalike(token: ChainToken, resembles: Resemblance | null, confirmedNot: Address | undefined): void {
  if (!resembles || resembles.address.toLowerCase() === confirmedNot?.toLowerCase()) return;
  const lists = resembles.lists.length > 0 ? ` on ${resembles.lists.join(', ')}` : '';
  throw new AppError(
    'LOOKALIKE_TOKEN',
    `${revealHidden(token.symbol)} at ${token.address} looks like ${revealHidden(resembles.symbol)} (${resembles.address}${lists}) but is another token: confirm that you mean this one before importing it.`,
    { details: { resembles } },
  );
}
