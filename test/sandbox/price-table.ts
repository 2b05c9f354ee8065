import { NATIVE_TOKEN_MARKER } from '../../main/common/protocol/contracts';
import { GAS_PER_TRADE, GAS_PRICE_WEI, NATIVE_USD, TOKENS, findToken } from './token-fixtures';

/**
 * USD prices per chain, the one source for usdPrice, quotes and settlement, so a
 * test that moves a price moves all three. Prices are kept as integer nano-USD
 * and conversions done in bigint, so amounts are exact and reproducible.
 */
export interface PriceTable {
  /** `-` or the native marker mean the chain's native asset. */
  usd(chainId: number, token: string): number | null;
  set(chainId: number, token: string, usd: number | null): void;
  decimals(chainId: number, token: string): number;
  /** `amount` atoms of `from` in atoms of `to`; null when either has no price. */
  convert(chainId: number, from: string, to: string, amount: bigint, rounding: 'down' | 'up'): bigint | null;
  /** The network cost of one trade in sell-token atoms (what the quote's feeAmount reports). */
  networkFee(chainId: number, sellToken: string): bigint | null;
  /** Native atoms per sell-token atom, as the quote's sellTokenPrice string. */
  sellTokenPrice(chainId: number, sellToken: string): string | null;
}

const NANO = 1_000_000_000;
const NATIVE = '-';

function keyOf(chainId: number, token: string): string {
  const normal = token.toLowerCase();
  return `${chainId}:${normal === NATIVE_TOKEN_MARKER.toLowerCase() ? NATIVE : normal}`;
}

export function createPriceTable(): PriceTable {
  const nano = new Map<string, bigint | null>();
  for (const [chainId, tokens] of Object.entries(TOKENS)) {
    for (const token of tokens) nano.set(keyOf(Number(chainId), token.address), toNano(token.usd));
    nano.set(keyOf(Number(chainId), NATIVE), toNano(NATIVE_USD[Number(chainId)] ?? null));
  }
  const priceOf = (chainId: number, token: string) => nano.get(keyOf(chainId, token)) ?? null;
  const decimals = (chainId: number, token: string) =>
    keyOf(chainId, token).endsWith(`:${NATIVE}`) ? 18 : (findToken(chainId, token)?.decimals ?? 18);

  const table: PriceTable = {
    usd: (chainId, token) => {
      const price = priceOf(chainId, token);
      return price === null ? null : Number(price) / NANO;
    },
    set: (chainId, token, usd) => {
      if (usd !== null && !(Number.isFinite(usd) && usd > 0)) throw new Error(`prices.set needs a positive USD price or null, got ${usd}`);
      nano.set(keyOf(chainId, token), toNano(usd));
    },
    decimals,
    convert: (chainId, from, to, amount, rounding) => {
      const pFrom = priceOf(chainId, from);
      const pTo = priceOf(chainId, to);
      if (pFrom === null || pTo === null) return null;
      const numerator = amount * pFrom * 10n ** BigInt(decimals(chainId, to));
      const denominator = pTo * 10n ** BigInt(decimals(chainId, from));
      return rounding === 'up' ? ceilDiv(numerator, denominator) : numerator / denominator;
    },
    networkFee: (chainId, sellToken) => {
      const feeWei = GAS_PER_TRADE * (GAS_PRICE_WEI[chainId] ?? 0n);
      return table.convert(chainId, NATIVE, sellToken, feeWei, 'up');
    },
    sellTokenPrice: (chainId, sellToken) => {
      const pSell = table.usd(chainId, sellToken);
      const pNative = table.usd(chainId, NATIVE);
      if (pSell === null || pNative === null) return null;
      return String((pSell / pNative) * 10 ** (18 - decimals(chainId, sellToken)));
    },
  };
  return table;
}

function toNano(usd: number | null): bigint | null {
  // At least one nano-USD, so a dust-priced token never divides by zero.
  return usd === null ? null : BigInt(Math.max(1, Math.round(usd * NANO)));
}

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}
