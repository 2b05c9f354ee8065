import { describe, expect, it } from 'vitest';
import {
  appDataGetSchema,
  averageAprSchema,
  bffErrorBodySchema,
  feeAmountFromErrorData,
  MAX_POOLS_PER_REQUEST,
  orderbookErrorBodySchema,
  poolsRequestSchema,
  poolsResponseSchema,
  quoteResponseSchema,
  solverCompetitionSchema,
  tokenPriceSchema,
  topHoldersSchema,
  tradesQuerySchema,
  tradesResponseSchema,
} from '../../../../../main/common/protocol/api';
import { APP_DATA, OWNER, OWNER_CHECKSUMMED, quoteResponse, solverCompetition, trade, UID, USDC } from './fixtures';

describe('orderbook responses', () => {
  it('parses a quote response and keeps unknown fields', () => {
    const parsed = quoteResponseSchema.parse({ ...quoteResponse, quote: { ...quoteResponse.quote, extra: 1 }, newTopLevel: true });
    expect(parsed.quote.feeAmount).toBe('2250000000000000');
    expect(parsed.id).toBe(1234);
    expect(parsed).toHaveProperty('newTopLevel', true);
    expect(parsed.quote).toHaveProperty('extra', 1);
  });

  it('parses v2 trades, with txHash null until indexed', () => {
    const [first, second] = tradesResponseSchema.parse([trade, { ...trade, txHash: null, executedProtocolFees: undefined }]);
    expect(first?.executedProtocolFees?.[0]?.amount).toBe('1000');
    expect(second?.txHash).toBeNull();
    expect(tradesResponseSchema.safeParse([{ ...trade, txHash: undefined }]).success).toBe(false);
  });

  it('wants exactly one of owner or orderUid in a trades query', () => {
    expect(tradesQuerySchema.safeParse({ owner: OWNER, limit: 100 }).success).toBe(true);
    expect(tradesQuerySchema.safeParse({ owner: OWNER, orderUid: UID }).success).toBe(false);
    expect(tradesQuerySchema.safeParse({}).success).toBe(false);
    expect(tradesQuerySchema.safeParse({ orderUid: UID, limit: 1001 }).success).toBe(false);
  });

  it('parses a v2 solver competition', () => {
    const parsed = solverCompetitionSchema.parse(solverCompetition);
    expect(parsed.solutions[0]?.isWinner).toBe(true);
    expect(parsed.auction?.orders).toEqual([UID]);
  });

  it('parses app_data GET', () => {
    expect(appDataGetSchema.parse({ fullAppData: APP_DATA }).fullAppData).toBe(APP_DATA);
  });

  it('parses error bodies with an open errorType and reads the fee from data', () => {
    const body = orderbookErrorBodySchema.parse({
      errorType: 'SellAmountDoesNotCoverFee',
      description: 'The sell amount for the sell order is lower than the fee.',
      data: { fee_amount: '2250000000000000' },
    });
    expect(feeAmountFromErrorData(body.data)).toBe('2250000000000000');
    expect(feeAmountFromErrorData({ fee_amount: '0x10' })).toBe('16');
    expect(feeAmountFromErrorData('nope')).toBeUndefined();
    expect(orderbookErrorBodySchema.parse({ errorType: 'BrandNew', description: '' }).errorType).toBe('BrandNew');
  });
});

describe('token, yield and notification service responses', () => {
  it('parses usdPrice and topHolders', () => {
    expect(tokenPriceSchema.parse({ price: 3012.45 }).price).toBe(3012.45);
    const holders = topHoldersSchema.parse([{ address: OWNER, balance: '123456789000000000000' }]);
    expect(holders[0]?.address).toBe(OWNER_CHECKSUMMED);
    expect(topHoldersSchema.safeParse([{ address: OWNER, balance: '1.5' }]).success).toBe(false);
  });

  it('parses pools, including one with incomplete data', () => {
    const pools = poolsResponseSchema.parse([
      { contract_address: USDC, chain_id: 1, project: 'uniswap-v3', apr: 12.345678, fee: 0.05, tvl: 1.2e8, volume: 3.4e7 },
      { contract_address: OWNER, chain_id: 1, project: 'curve', apr: null, fee: 0.04, tvl: 5e6 },
    ]);
    expect(pools[1]?.apr).toBeNull();
  });

  it('caps pool requests at the live limit of 500', () => {
    expect(MAX_POOLS_PER_REQUEST).toBe(500);
    expect(poolsRequestSchema.parse([])).toEqual([]);
    expect(poolsRequestSchema.safeParse(Array(500).fill(USDC)).success).toBe(true);
    expect(poolsRequestSchema.safeParse(Array(501).fill(USDC)).success).toBe(false);
  });

  it('parses the average APR map, empty or not', () => {
    expect(averageAprSchema.parse({ 'uniswap-v3': 12.345678, curve: 3.1 })).toEqual({ 'uniswap-v3': 12.345678, curve: 3.1 });
    expect(averageAprSchema.parse({})).toEqual({});
  });

  it('parses both error body shapes', () => {
    expect(bffErrorBodySchema.parse({ message: 'Price not found' }).message).toBe('Price not found');
    const validation = bffErrorBodySchema.parse({
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'params/tokenAddress must match pattern',
    });
    expect('code' in validation ? validation.code : undefined).toBe('FST_ERR_VALIDATION');
  });
});
