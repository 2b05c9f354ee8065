import { describe, expect, it } from 'vitest';
import {
  accountOrdersSchema,
  apiOrderSchema,
  byUidsResponseSchema,
  isKnownOrderStatus,
  ORDER_EXECUTION_STATES,
  ORDER_STATUSES,
  orderStatusSchema,
} from '../../../../../main/common/protocol/api';
import { apiOrder, OWNER, OWNER_CHECKSUMMED, UID } from './fixtures';

describe('apiOrderSchema', () => {
  it('parses an order with every interface.md field and keeps unknown fields', () => {
    const order = apiOrderSchema.parse(apiOrder());
    expect(order.owner).toBe(OWNER_CHECKSUMMED);
    expect(order.sellAmount).toBe('1000000000000000000');
    expect(order.ethflowData).toEqual({ refundTxHash: null, userValidTo: 1675934794 });
    expect(order.quote?.sellTokenPrice).toBe('0.0004');
    expect(order.interactions?.pre?.[0]?.callData).toBe('0xca11da7a');
    expect((order as Record<string, unknown>).totalFee).toBe('1234567890000000');
  });

  it('needs only the identity, amount and state fields', () => {
    const minimal: Record<string, unknown> = {
      uid: UID,
      owner: OWNER,
      sellToken: OWNER,
      buyToken: OWNER,
      sellAmount: '1',
      buyAmount: '1',
      validTo: 1,
      kind: 'buy',
      status: 'open',
      creationDate: '2020-12-03T18:35:18.814523Z',
    };
    expect(apiOrderSchema.parse(minimal).kind).toBe('buy');
    for (const field of Object.keys(minimal)) {
      const { [field]: _dropped, ...rest } = minimal;
      expect(apiOrderSchema.safeParse(rest).success, field).toBe(false);
    }
  });

  it('keeps an unknown status as an open string', () => {
    expect(apiOrderSchema.parse(apiOrder({ status: 'somethingNew' })).status).toBe('somethingNew');
    expect(ORDER_STATUSES).toEqual(['presignaturePending', 'open', 'fulfilled', 'expired', 'cancelled']);
    expect(isKnownOrderStatus('presignaturePending')).toBe(true);
    expect(isKnownOrderStatus('somethingNew')).toBe(false);
  });

  it('rejects malformed amounts and a millisecond validTo', () => {
    expect(apiOrderSchema.safeParse(apiOrder({ sellAmount: '0x10' })).success).toBe(false);
    expect(apiOrderSchema.safeParse(apiOrder({ validTo: 1675934794000 })).success).toBe(false);
  });

  it('parses a page of account orders', () => {
    expect(accountOrdersSchema.parse([apiOrder(), apiOrder({ status: 'open' })])).toHaveLength(2);
    expect(accountOrdersSchema.parse([])).toEqual([]);
  });
});

describe('byUidsResponseSchema', () => {
  it('parses order and error elements', () => {
    const parsed = byUidsResponseSchema.parse([
      { order: apiOrder() },
      { error: { uid: UID, description: 'failed to convert order' } },
    ]);
    const uids = parsed.map((element) => ('order' in element ? element.order.uid : element.error.uid));
    expect(uids).toEqual([UID, UID]);
    expect(parsed[1] && 'error' in parsed[1] ? parsed[1].error.description : undefined).toBe('failed to convert order');
  });

  it('rejects an element that is neither', () => {
    expect(byUidsResponseSchema.safeParse([{ uid: UID }]).success).toBe(false);
  });
});

describe('orderStatusSchema', () => {
  it('parses the live execution state with solvers and executed amounts', () => {
    const status = orderStatusSchema.parse({
      type: 'traded',
      value: [{ solver: 'baseline' }, { solver: 'quasimodo', executedAmounts: { sell: '1000', buy: '2000' } }],
    });
    expect(status.type).toBe('traded');
    expect(status.value?.[1]?.executedAmounts?.buy).toBe('2000');
  });

  it('accepts a bare state and lists the known ones', () => {
    expect(orderStatusSchema.parse({ type: 'open' })).toEqual({ type: 'open' });
    expect(ORDER_EXECUTION_STATES).toContain('executing');
  });
});
