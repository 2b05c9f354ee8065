import type { OrderDraft } from '../../common/ipc/commands/signing';
import type { ApiClient } from '../api/api-client';
import type { TokenLists } from '../tokens/token-lists';
import type { PreviewFacts } from './signing-preview';

/** The signing dialog's USD values: the token service's prices (cached since the quote), never waited on for long. */
export function previewFactsFrom(api: ApiClient, tokenLists: TokenLists) {
  const usd = (chainId: number, token: string) =>
    api.tokenService.usdPrice(chainId, token, AbortSignal.timeout(PREVIEW_PRICE_TIMEOUT_MS)).then((answer) => answer.price, () => null);
  return async (draft: OrderDraft): Promise<PreviewFacts> => {
    const [sell, buy] = await Promise.all([usd(draft.chainId, draft.sellToken), usd(draft.chainId, draft.buyToken)]);
    return { usd: { sell, buy }, token: (chainId, address) => tokenLists.find(chainId, address) };
  };
}
const PREVIEW_PRICE_TIMEOUT_MS = 2_000;
