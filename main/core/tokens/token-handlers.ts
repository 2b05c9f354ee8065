import type { tokenCommands } from '../../common/ipc/commands/tokens';
import type { ApiClient } from '../api/api-client';
import type { Handlers } from '../ipc/router';
import type { ChainClients } from '../wallet/chain-clients';
import type { TokenLists } from './token-lists';
import { withNodeWords } from '../wallet/node-deadline';
import { readTokenFromChain } from './token-reader';

export interface TokenHandlerDeps {
  lists: TokenLists;
  /** The chains' JSON-RPC clients (the wallet's): unknown tokens are read from their contract. */
  chains: ChainClients;
  api: ApiClient;
}

/** The picker's commands: the lists, the user's recent, pinned and imported tokens, and USD prices beside balances. */
export function tokenHandlers({ lists, chains, api }: TokenHandlerDeps): Pick<Handlers, keyof typeof tokenCommands> {
  return {
    'tokens.search': ({ chainId, query, limit }) => lists.search(chainId, query, limit),
    'tokens.pin': ({ chainId, address, pinned }) => lists.pin(chainId, address, pinned),
    'tokens.used': ({ chainId, address }) => lists.used(chainId, address),
    'tokens.lists': () => lists.status(),
    'tokens.refreshLists': () => {
      void lists.refresh();
      return lists.status();
    },
    // Background lane: a decoration never holds up a quote or a lookup; the price cache answers repeats.
    'tokens.usdPrices': ({ chainId, tokens }) => api.tokenService.decorationUsdPrices(chainId, tokens),
    // Read from the token's contract: answered by the user's deadline, a failing node named (the wallet's words).
    ...withNodeWords(chains, () => undefined, {
      'tokens.inspect': async ({ chainId, address }: { chainId: number; address: `0x${string}` }) => {
        const token = await readTokenFromChain(chains.get(chainId), chainId, address);
        return { ...token, resembles: lists.resemblance(chainId, token) };
      },
      'tokens.import': async ({ chainId, address, confirmedNot }: { chainId: number; address: `0x${string}`; confirmedNot?: `0x${string}` | undefined }) =>
        lists.importToken(chainId, await readTokenFromChain(chains.get(chainId), chainId, address), confirmedNot),
    }),
  };
}

