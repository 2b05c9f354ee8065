import { AppError } from './errors';
import { CHAINS, type Chain } from './protocol/chains';
import { isOrderUid } from './protocol/order-uid';

/**
 * CoW Desk's links: `cow-desk://order/<uid>` opens an order in History, and
 * `cow-desk://<chain>/order/<uid>` names its chain too, with the explorer's
 * prefix (`gc`, `arb1`, `base`, `sepolia`) or the chain's alias (`gnosis`, ...),
 * so an explorer link turns into a CoW Desk link by swapping its origin.
 * The OS hands these to the app from a browser, a notification or the command
 * line (`npm start -- cow-desk://order/<uid>`); anything else is refused here.
 */
export const DEEP_LINK_SCHEME = 'cow-desk';

export interface OrderLink {
  kind: 'order';
  /** Lower-case, 56 bytes. */
  uid: `0x${string}`;
  /** The chain the link names, or null when it names none. */
  chainId: number | null;
}

const MAX_LINK_LENGTH = 512;
const LINK = /^cow-desk:\/\/(?:([^/]*)\/)?order\/([^/]*)\/?$/i;

function linkPrefix(chain: Chain): string {
  return chain.explorerPrefix.replace(/^\//, '');
}

function chainFor(prefix: string): Chain | undefined {
  const key = prefix.toLowerCase();
  return CHAINS.find((chain) => (linkPrefix(chain) !== '' && linkPrefix(chain) === key) || chain.alias === key);
}

function refuse(reason: string): never {
  throw new AppError('INVALID_LINK', `CoW Desk cannot open this link: ${reason}`);
}

/** The order a CoW Desk link points to; throws INVALID_LINK with the reason otherwise. */
export function parseDeepLink(link: string): OrderLink {
  if (link.length > MAX_LINK_LENGTH) refuse(`it is ${link.length} characters long; an order link has at most ${MAX_LINK_LENGTH}.`);
  const shown = link.length > 60 ? `${link.slice(0, 60)}…` : link;
  if (!link.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) refuse(`"${shown}" is not a ${DEEP_LINK_SCHEME}:// link.`);
  const match = LINK.exec(link);
  if (!match) refuse(`"${shown}" is not an order link; expected ${DEEP_LINK_SCHEME}://order/<order UID> or ${DEEP_LINK_SCHEME}://<chain>/order/<order UID>.`);
  const [, prefix, uid = ''] = match;
  let chainId: number | null = null;
  if (prefix !== undefined) {
    const chain = chainFor(prefix);
    if (!chain) {
      const known = CHAINS.map((c) => linkPrefix(c) || c.alias).join(', ');
      refuse(`"${prefix.slice(0, 20)}" is not a chain CoW Desk knows (${known}).`);
    }
    chainId = chain.id;
  }
  if (!isOrderUid(uid)) refuse(`"${uid.slice(0, 20)}${uid.length > 20 ? '…' : ''}" is not an order UID (0x followed by 112 hex digits).`);
  return { kind: 'order', uid: uid.toLowerCase() as `0x${string}`, chainId };
}

/** The link to an order, with its chain when given (the explorer's prefix, the alias for mainnet). */
export function orderDeepLink(uid: string, chainId?: number): string {
  const chain = chainId === undefined ? undefined : CHAINS.find((c) => c.id === chainId);
  if (chainId !== undefined && !chain) throw new AppError('UNKNOWN_CHAIN', `Unknown chain ${chainId}.`);
  const prefix = chain ? `${linkPrefix(chain) || chain.alias}/` : '';
  return `${DEEP_LINK_SCHEME}://${prefix}order/${uid.toLowerCase()}`;
}

/** The first argument that is a CoW Desk link: how the OS hands one to a starting (or second) instance. */
export function deepLinkInArgs(args: readonly string[]): string | undefined {
  return args.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
}
