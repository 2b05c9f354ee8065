import { describe, expect, it } from 'vitest';
import { appDataHash } from '../../../../../main/common/protocol/app-data';
import {
  appDataUploadSchema,
  cancellationRequestSchema,
  orderCreatedSchema,
  orderCreationSchema,
  quoteRequestSchema,
} from '../../../../../main/common/protocol/api';
import { APP_DATA, APP_DATA_HASH, OWNER, OWNER_CHECKSUMMED, SIGNATURE, UID, USDC, WETH } from './fixtures';

const sellQuote = { sellToken: WETH, buyToken: USDC, from: OWNER, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' };

describe('quoteRequestSchema', () => {
  it('takes a sell quote with sellAmountBeforeFee and a buy quote with buyAmountAfterFee', () => {
    expect(quoteRequestSchema.parse({ ...sellQuote, validFor: 1800, appData: APP_DATA, priceQuality: 'verified' }).kind).toBe('sell');
    const buy = quoteRequestSchema.parse({ sellToken: WETH, buyToken: USDC, from: OWNER, kind: 'buy', buyAmountAfterFee: '3000000000' });
    expect(buy.kind === 'buy' ? buy.buyAmountAfterFee : undefined).toBe('3000000000');
    expect(buy.from).toBe(OWNER_CHECKSUMMED);
  });

  it('rejects the wrong amount field for the kind, misspelt fields and hex amounts', () => {
    expect(quoteRequestSchema.safeParse({ ...sellQuote, kind: 'buy' }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...sellQuote, sellAmount: '1' }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...sellQuote, sellAmountBeforeFee: '0xde0b6b3a7640000' }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...sellQuote, kind: 'swap' }).success).toBe(false);
    const { from: _from, ...noFrom } = sellQuote;
    expect(quoteRequestSchema.safeParse(noFrom).success).toBe(false);
  });

  it('refuses validTo together with validFor', () => {
    const result = quoteRequestSchema.safeParse({ ...sellQuote, validTo: 1735689600, validFor: 60 });
    expect(result.error?.issues[0]?.message).toMatch(/either validTo .* or validFor/);
  });
});

const creation = {
  sellToken: WETH,
  buyToken: USDC,
  receiver: null,
  sellAmount: '997750000000000000',
  buyAmount: '2993250000',
  validTo: 1735689600,
  feeAmount: '0',
  kind: 'sell',
  partiallyFillable: false,
  sellTokenBalance: 'erc20',
  buyTokenBalance: 'erc20',
  signingScheme: 'eip712',
  signature: SIGNATURE,
  from: OWNER,
  quoteId: 1234,
  appData: APP_DATA,
  appDataHash: appDataHash(APP_DATA),
};

describe('orderCreationSchema', () => {
  it('takes the full appData document with its hash, or the bare hash', () => {
    expect(orderCreationSchema.parse(creation).appData).toBe(APP_DATA);
    const { appDataHash: _hash, ...withoutHash } = creation;
    expect(orderCreationSchema.parse({ ...withoutHash, appData: APP_DATA_HASH }).appData).toBe(APP_DATA_HASH);
  });

  it('catches a hash that is not the keccak256 of the document', () => {
    const result = orderCreationSchema.safeParse({ ...creation, appDataHash: APP_DATA_HASH });
    expect(result.error?.issues[0]?.message).toMatch(/not the keccak256/);
  });

  it('refuses appData that is neither a JSON object nor a hash', () => {
    expect(orderCreationSchema.safeParse({ ...creation, appDataHash: undefined, appData: 'hello' }).success).toBe(false);
    expect(orderCreationSchema.safeParse({ ...creation, appDataHash: undefined, appData: '[1]' }).success).toBe(false);
  });

  it('checks ECDSA signature length but lets presign send "0x"', () => {
    expect(orderCreationSchema.safeParse({ ...creation, signature: '0x1234' }).success).toBe(false);
    expect(orderCreationSchema.parse({ ...creation, signingScheme: 'presign', signature: '0x' }).signature).toBe('0x');
  });

  it('rejects unknown fields and malformed amounts', () => {
    expect(orderCreationSchema.safeParse({ ...creation, sellAmountBeforeFee: '1' }).success).toBe(false);
    expect(orderCreationSchema.safeParse({ ...creation, buyAmount: '2993.25' }).success).toBe(false);
  });

  it('reads the 201 body as the order UID', () => {
    expect(orderCreatedSchema.parse(JSON.parse(JSON.stringify(UID)))).toBe(UID);
  });
});

describe('cancellationRequestSchema', () => {
  it('takes 1 to 128 UIDs with an ECDSA signature', () => {
    const body = { orderUids: [UID], signature: SIGNATURE, signingScheme: 'eip712' };
    expect(cancellationRequestSchema.parse(body).orderUids).toEqual([UID]);
    expect(cancellationRequestSchema.safeParse({ ...body, orderUids: [] }).success).toBe(false);
    expect(cancellationRequestSchema.safeParse({ ...body, orderUids: Array(129).fill(UID) }).success).toBe(false);
    expect(cancellationRequestSchema.safeParse({ ...body, signingScheme: 'presign' }).success).toBe(false);
  });
});

describe('appDataUploadSchema', () => {
  it('takes the document string and refuses one above 8192 bytes', () => {
    expect(appDataUploadSchema.parse({ fullAppData: APP_DATA })).toEqual({ fullAppData: APP_DATA });
    expect(appDataUploadSchema.safeParse({ fullAppData: 'x'.repeat(8193) }).success).toBe(false);
  });
});
