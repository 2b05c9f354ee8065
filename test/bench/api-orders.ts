import { apiOrderSchema, type ApiOrder, type Trade } from '../../main/common/protocol/api';
import { KNOWN_TOKENS } from '../../main/common/protocol/tokens';
import { createPrng } from '../sandbox/prng';

export const BENCH_SEED = 17;
const ETHFLOW = '0xba3cb449bd2b4adddbc894d8697f5170800eadec';
export const BENCH_ACCOUNTS = ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', '0x90f79bf6eb2c4f870365e785982e1f101e93b906'] as const;

/** An appData document like CoW Swap's (about 300 bytes), as the service returns it in fullAppData. */
const appDocument = (slippage: number, random: ReturnType<typeof createPrng>) =>
  JSON.stringify({
    appCode: 'CoW Swap',
    environment: 'production',
    metadata: {
      orderClass: { orderClass: random.next() < 0.5 ? 'market' : 'limit' },
      quote: { slippageBips: slippage, smartSlippage: true },
      utm: { utmMedium: 'web', utmSource: 'cowmunity' },
    },
    version: '1.3.0',
  });

/**
 * API-shaped orders as the live service returns them (about 1.6 KB of JSON
 * each): a quarter open, one in seven EthFlow, a fifth partially fillable with
 * partial fills, every optional part present. Deterministic from BENCH_SEED.
 */
export function apiOrders(count: number, options: { accounts?: readonly string[]; seed?: number } = {}): { orders: ApiOrder[]; trades: Trade[] } {
  const random = createPrng(options.seed ?? BENCH_SEED);
  const accounts = options.accounts ?? BENCH_ACCOUNTS;
  const tokens = KNOWN_TOKENS.filter((token) => token.chainId === 1);
  const orders: ApiOrder[] = [];
  const trades: Trade[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = accounts[i % accounts.length]!;
    const ethflow = i % 7 === 3;
    const owner = ethflow ? ETHFLOW : user;
    const [sell, buy] = random.shuffle(tokens) as [(typeof tokens)[number], (typeof tokens)[number]];
    const status = random.next() < 0.25 ? 'open' : random.pick(['fulfilled', 'fulfilled', 'fulfilled', 'expired', 'cancelled'] as const);
    const partially = random.next() < 0.2;
    const sellAmount = BigInt(1 + random.int(1e9)) * 10n ** BigInt(Math.max(0, sell.decimals - 3));
    const buyAmount = BigInt(1 + random.int(1e9)) * 10n ** BigInt(Math.max(0, buy.decimals - 3));
    const share = status === 'fulfilled' ? 100n : partially && status === 'open' ? BigInt(random.int(100)) : 0n;
    const executedSell = (sellAmount * share) / 100n;
    const executedBuy = (buyAmount * share) / 100n;
    const validTo = ethflow ? 0xffffffff : 1_800_000_000 + random.int(1e6);
    const uid = `${random.hex(32)}${owner.slice(2)}${validTo.toString(16).padStart(8, '0')}`;
    const document = appDocument(50 + random.int(100), random);
    const created = new Date(Date.UTC(2026, 0, 1) - (count - i) * 60_000).toISOString().replace('Z', '123Z');
    orders.push(
      apiOrderSchema.parse({
        creationDate: created, owner, uid, availableBalance: null, executedBuyAmount: String(executedBuy), executedSellAmount: String(executedSell),
        executedSellAmountBeforeFees: String(executedSell), executedFeeAmount: '0', executedFee: String(executedSell / 1000n), executedFeeToken: sell.address,
        invalidated: status === 'cancelled', status, class: 'limit', settlementContract: '0x9008d19f58aabd9ed0d60971565aa8510560ab41',
        isLiquidityOrder: false, fullAppData: document,
        sellToken: sell.address, buyToken: buy.address, receiver: user, sellAmount: String(sellAmount), buyAmount: String(buyAmount), validTo,
        appData: `0x${random.hex(32).slice(2)}`, feeAmount: '0', kind: random.next() < 0.8 ? 'sell' : 'buy', partiallyFillable: partially,
        sellTokenBalance: 'erc20', buyTokenBalance: 'erc20', signingScheme: ethflow ? 'eip1271' : 'eip712', signature: random.hex(ethflow ? 20 : 65),
        interactions: { pre: [], post: [] },
        quote: { gasAmount: '183000', gasPrice: '1873625372', sellTokenPrice: '0.00032', sellAmount: String(sellAmount), buyAmount: String(buyAmount), feeAmount: '0', solver: '0x4339889fd9dfca20a423fba011e9dff1c856caeb', verified: true, metadata: { interactions: [] } },
        ...(ethflow ? { onchainUser: user, ethflowData: { refundTxHash: null, userValidTo: 1_800_000_000 + random.int(1e6) }, onchainOrderData: { sender: user, placementError: null } } : {}),
      }),
    );
    if (share > 0n) {
      trades.push({
        blockNumber: 20_000_000 + i, logIndex: random.int(300), orderUid: uid, owner, sellToken: sell.address, buyToken: buy.address,
        sellAmount: String(executedSell), sellAmountBeforeFees: String(executedSell), buyAmount: String(executedBuy), txHash: random.hex(32),
        executedProtocolFees: [{ policy: { surplus: { factor: 0.5, maxVolumeFactor: 0.01 } }, amount: String(executedBuy / 200n), token: buy.address }],
      } as Trade);
    }
  }
  return { orders: orders.reverse(), trades: trades.reverse() };
}
