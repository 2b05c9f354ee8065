import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { bff, call, placeOrder, UNTHROTTLED } from './sandbox-kit';

const { trader, trader2 } = TEST_ACCOUNTS;

describe('sandbox notification service', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const notifications = (account: string) => call(bff(sandbox, `/accounts/${account}/notifications`));

  it('[] for an account without notifications, cached 300 s', async () => {
    const answer = await notifications(trader2.address);
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves live-shaped CMS items and interface.md-shaped order events side by side', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    sandbox.settle();
    const answer = await notifications(trader.address.toLowerCase());
    expect(answer.body[0]).toMatchObject({ id: 1, title: expect.any(String), description: expect.any(String), url: null, createdAt: expect.any(String), dueDate: null, location: expect.any(String) });
    expect(answer.body).toContainEqual({
      id: expect.any(String),
      account: trader.address,
      type: 'order_filled',
      message: expect.any(String),
      timestamp: '2027-01-15T08:00:00.000000Z',
      metadata: { orderId: uid, executedAmount: '1000000000000000000' },
    });
  });

  it('add() stores any item for an account', async () => {
    const broadcast = { id: 9, account: null, title: 'Maintenance', description: 'Tonight', url: 'https://cow.fi', createdAt: '2027-01-15T07:00:00Z', dueDate: null, location: 'banner' };
    sandbox.notifications.add(trader2.address, broadcast);
    expect((await notifications(trader2.address)).body).toEqual([broadcast]);
  });

  it('400 for an invalid address; the route is gone (404) when the integration is disabled', async () => {
    expect(await notifications('0x123')).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    sandbox.notifications.setEnabled(false);
    expect(await notifications(trader.address)).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } });
    sandbox.notifications.setEnabled(true);
    expect((await notifications(trader.address)).status).toBe(200);
  });
});
