import type { TradeQuote, TradeQuoteInput } from '../../common/ipc/commands/trade';
import { appDataHash } from '../../common/protocol/app-data';
import { quoteValidFor } from '../../common/orders/validity';
import { AppError } from '../../common/errors';
import type { TokenLookup } from '../../common/protocol/tokens';
import type { ApiClient } from '../api/api-client';

/**
 * Quotes for the composer. The appData document goes along (with its hash) so
 * the service quotes the order that will be signed; the quote's `expiration`
 * becomes epoch ms for the countdown. USD prices are asked beside the quote and
 * are optional: a token without an oracle price must not block trading.
 */
export class QuoteService {
  constructor(
    private readonly api: () => ApiClient,
    /** Names the sell token in errors (the too-small amount's network cost, in its units). */
    private readonly tokens: TokenLookup,
  ) {}

  async quote(input: TradeQuoteInput): Promise<TradeQuote> {
    const { orderbook, tokenService } = this.api();
    const side = input.kind === 'sell' ? { kind: 'sell' as const, sellAmountBeforeFee: input.amount } : { kind: 'buy' as const, buyAmountAfterFee: input.amount };
    const usd = (token: string) => tokenService.usdPrice(input.chainId, token).then((answer) => answer.price, () => null);
    const [answer, sellUsd, buyUsd] = await Promise.all([
      orderbook.quote(input.chainId, {
        sellToken: input.sellToken,
        buyToken: input.buyToken,
        from: input.account,
        receiver: input.receiver ?? null,
        // The service quotes at most 3 h ahead: a limit order's quote is its price reference, not its validity.
        validFor: quoteValidFor(input.validFor),
        appData: input.fullAppData,
        appDataHash: appDataHash(input.fullAppData),
        partiallyFillable: input.partiallyFillable,
        sellTokenBalance: 'erc20',
        buyTokenBalance: 'erc20',
        ...(input.ethFlow ? { signingScheme: 'eip1271' as const, onchainOrder: true } : { signingScheme: input.signingScheme }),
        priceQuality: 'optimal',
        ...side,
      }, undefined, this.tokens(input.chainId, input.sellToken) ?? undefined),
      usd(input.sellToken),
      usd(input.buyToken),
    ]);
    const expiresAt = Date.parse(answer.expiration);
    if (!Number.isFinite(expiresAt)) {
      throw new AppError('BAD_RESPONSE', `The quote's expiration "${answer.expiration}" is not a date; request a new quote.`);
    }
    return {
      quoteId: answer.id ?? null,
      kind: input.kind,
      sellToken: input.sellToken,
      buyToken: input.buyToken,
      sellAmount: answer.quote.sellAmount,
      buyAmount: answer.quote.buyAmount,
      feeAmount: answer.quote.feeAmount,
      expiresAt,
      verified: answer.verified,
      usd: { sell: sellUsd, buy: buyUsd },
    };
  }
}
