// Response bodies as the services send them: lowercase addresses, the OpenAPI
// example UID (owner 0x845c…c637, validTo 0x63e4bc4a), every Order field of
// interface.md, plus fields the schemas do not name, which must survive parsing.

export const UID =
  '0xff2e2e54d178997f173266817c1e9ed6fee1a1aae4b43971c53b543cffcc2969845c6f5599fbb25dbdd1b9b013daf85c03f3c63763e4bc4a';
export const OWNER = '0x845c6f5599fbb25dbdd1b9b013daf85c03f3c637';
export const OWNER_CHECKSUMMED = '0x845c6F5599FBb25Dbdd1B9B013DaF85c03f3c637';
export const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
export const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const SETTLEMENT = '0x9008d19f58aabd9ed0d60971565aa8510560ab41';
export const TX_HASH = '0xd51f28edffcaaa76be4a22f6375ad289272c037f3cc072345676e88d92ced8b5';
export const APP_DATA = '{"appCode":"CoW Desk","metadata":{},"version":"1.3.0"}';
export const APP_DATA_HASH = '0x0000000000000000000000000000000000000000000000000000000000000000';
export const SIGNATURE = `0x${'ab'.repeat(64)}1b`;

export function apiOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sellToken: WETH,
    buyToken: USDC,
    receiver: OWNER,
    sellAmount: '1000000000000000000',
    buyAmount: '3000000000',
    validTo: 1675934794,
    appData: APP_DATA,
    appDataHash: APP_DATA_HASH,
    fullAppData: APP_DATA,
    feeAmount: '0',
    kind: 'sell',
    partiallyFillable: false,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
    signingScheme: 'eip712',
    signature: SIGNATURE,
    from: OWNER,
    quoteId: 42,
    fullBalanceCheck: false,
    creationDate: '2020-12-03T18:35:18.814523Z',
    class: 'market',
    owner: OWNER,
    uid: UID,
    availableBalance: null,
    executedSellAmount: '1000000000000000000',
    executedSellAmountBeforeFees: '1000000000000000000',
    executedBuyAmount: '3012345678',
    executedFeeAmount: '0',
    executedFee: '1234567890000000',
    executedFeeToken: WETH,
    invalidated: false,
    status: 'fulfilled',
    isLiquidityOrder: false,
    settlementContract: SETTLEMENT,
    onchainUser: OWNER,
    ethflowData: { refundTxHash: null, userValidTo: 1675934794 },
    onchainOrderData: { sender: OWNER, placementError: 'QuoteNotFound' },
    quote: {
      gasAmount: '150000',
      gasPrice: '15000000000',
      sellTokenPrice: '0.0004',
      sellAmount: '1000000000000000000',
      buyAmount: '3000000000',
      feeAmount: '2250000000000000',
      solver: '0x6810e776880c02933d47db1b9fc05908e5386b96',
      verified: true,
      metadata: { interactions: [] },
    },
    interactions: {
      pre: [{ target: WETH, value: '0', callData: '0xca11da7a' }],
      post: [],
    },
    // Not in any schema: must be kept.
    totalFee: '1234567890000000',
    ...overrides,
  };
}

export const quoteResponse = {
  quote: {
    sellToken: WETH,
    buyToken: USDC,
    receiver: null,
    sellAmount: '997750000000000000',
    buyAmount: '2993250000',
    validTo: 1735689600,
    appData: APP_DATA,
    appDataHash: APP_DATA_HASH,
    feeAmount: '2250000000000000',
    gasAmount: '150000',
    gasPrice: '15000000000',
    sellTokenPrice: '0.0004',
    kind: 'sell',
    partiallyFillable: false,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
    signingScheme: 'eip712',
  },
  from: OWNER,
  expiration: '1985-03-10T18:35:18.814523Z',
  id: 1234,
  verified: true,
  protocolFeeBps: '2',
};

export const trade = {
  blockNumber: 21000000,
  logIndex: 12,
  orderUid: UID,
  owner: OWNER,
  sellToken: WETH,
  buyToken: USDC,
  sellAmount: '1000000000000000000',
  sellAmountBeforeFees: '998000000000000000',
  buyAmount: '3012345678',
  txHash: TX_HASH,
  executedProtocolFees: [
    { policy: { surplus: { factor: 0.5, maxVolumeFactor: 0.01 } }, amount: '1000', token: USDC },
  ],
};

export const solverCompetition = {
  auctionId: 10000042,
  auctionStartBlock: 21000000,
  auctionDeadlineBlock: 21000003,
  transactionHashes: [TX_HASH],
  referenceScores: { '0x6810e776880c02933d47db1b9fc05908e5386b96': '123456789' },
  auction: { orders: [UID], prices: { [WETH]: '1000000000000000000', [USDC]: '333333333333333333333333333' } },
  solutions: [
    {
      ranking: 1,
      solverAddress: '0x6810e776880c02933d47db1b9fc05908e5386b96',
      score: '123456789',
      referenceScore: null,
      txHash: TX_HASH,
      clearingPrices: {},
      orders: [{ id: UID, sellAmount: '1000000000000000000', buyAmount: '3012345678' }],
      isWinner: true,
      filteredOut: false,
    },
  ],
};
