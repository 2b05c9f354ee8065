import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountOrdersSchema } from '../../../../main/common/protocol/api';
import { validate } from '../../../../main/core/api/response-validation';
import { apiOrders } from '../../../bench/api-orders';

describe('response validation in slices', () => {
  const { orders } = apiOrders(1000);
  const body = JSON.parse(JSON.stringify(orders)) as unknown[];

  it('answers what the list schema answers for a page of 1000 API-shaped orders', async () => {
    const sliced = await validate(accountOrdersSchema, body);
    const whole = accountOrdersSchema.safeParse(body);
    expect(sliced.success).toBe(true);
    expect(sliced).toEqual({ success: true, data: whole.data });
  });

  it('refuses the page when any one order breaks the schema, as the list schema does', async () => {
    const broken = body.map((order, index) => (index === 777 ? { ...(order as object), sellAmount: '-1' } : order));
    expect(accountOrdersSchema.safeParse(broken).success).toBe(false);
    expect(await validate(accountOrdersSchema, broken)).toEqual({ success: false });
  });

  it('lets the event loop run while it checks a long list', async () => {
    let turns = 0;
    const tick = () => {
      turns += 1;
      if (!done) setImmediate(tick);
    };
    let done = false;
    setImmediate(tick);
    // Ten pages' worth, so the check outlasts several slices on any machine.
    const long = Array.from({ length: 10 }, () => body).flat();
    await validate(accountOrdersSchema, long);
    done = true;
    expect(turns).toBeGreaterThan(1);
  });

  it('leaves lists with their own checks, and other shapes, to the schema as a whole', async () => {
    const capped = z.array(z.number()).max(2);
    expect(await validate(capped, [1, 2, 3])).toMatchObject({ success: false });
    expect(await validate(z.object({ a: z.number() }), { a: 1 })).toMatchObject({ success: true, data: { a: 1 } });
  });

  it('stops when the request is cancelled between slices', async () => {
    const controller = new AbortController();
    const long = Array.from({ length: 10 }, () => body).flat();
    setImmediate(() => controller.abort(new Error('cancelled')));
    await expect(validate(accountOrdersSchema, long, controller.signal)).rejects.toThrow('cancelled');
  });
});
