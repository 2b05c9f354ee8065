import { describe, expect, it } from 'vitest';
import { formatNotification, type EventFacts } from '../../../../main/common/notifications/format';
import { findKnownToken } from '../../../../main/common/protocol/tokens';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const UNKNOWN = '0x1111111111111111111111111111111111111111';
const UID = `0x${'ab'.repeat(56)}`;
const order = {
  kind: 'sell' as const,
  ethFlow: false,
  sellToken: WETH,
  buyToken: USDC,
  sellAmount: '2000000000000000000',
  buyAmount: '5900000000',
  executedSell: '2000000000000000000',
  executedBuy: '6012345678',
};
const facts = (overrides: Partial<EventFacts>): EventFacts => ({ type: 'order_filled', chainId: 1, orderUid: UID, order, ...overrides });

describe('notification text (the Electron adapter shows exactly this)', () => {
  it('says what was sold and bought in token units, with the chain, and clicks through to the order', () => {
    expect(formatNotification(facts({}))).toEqual({
      title: 'Order filled: WETH → USDC',
      body: 'Sold 2 WETH for 6,012.345678 USDC on Ethereum.',
      target: { view: 'history', orderUid: UID },
    });
  });

  it('tells an EthFlow order as a sale of the native currency, the order naming the wrapped token: ETH, xDAI on Gnosis Chain', () => {
    const ethFlow = { ...order, ethFlow: true };
    expect(formatNotification(facts({ order: ethFlow }))).toMatchObject({ title: 'Order filled: ETH → USDC', body: 'Sold 2 ETH for 6,012.345678 USDC on Ethereum.' });
    const none = { ...ethFlow, executedSell: '0', executedBuy: '0' };
    expect(formatNotification(facts({ type: 'insufficient_balance', order: none })).body).toBe(
      'Sell 2 ETH for at least 5,900 USDC on Ethereum cannot fill: the ETH balance is too low.',
    );
    const WXDAI = '0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d';
    expect(formatNotification(facts({ chainId: 100, order: { ...ethFlow, sellToken: WXDAI } })).title).toMatch(/^Order filled: xDAI → /);
  });

  it('gives the filled share of a partial fill and the limit of an order that ended unfilled', () => {
    const half = { ...order, executedSell: '1000000000000000000', executedBuy: '3000000000' };
    expect(formatNotification(facts({ type: 'order_partially_filled', order: half })).body).toBe('50% filled so far: sold 1 WETH for 3,000 USDC on Ethereum.');
    const none = { ...order, executedSell: '0', executedBuy: '0' };
    expect(formatNotification(facts({ type: 'order_expired', chainId: 100, order: { ...none, sellToken: UNKNOWN, buyToken: UNKNOWN } })).body).toBe(
      'Sell 2,000,000,000,000,000,000 of token 0x1111…1111 (decimals unknown) for at least 5,900,000,000 of token 0x1111…1111 (decimals unknown) on Gnosis Chain expired without a fill.',
    );
    expect(formatNotification(facts({ type: 'order_cancelled', order: none })).body).toBe('Sell 2 WETH for at least 5,900 USDC on Ethereum was cancelled.');
    expect(formatNotification(facts({ type: 'insufficient_balance', order: none })).body).toBe(
      'Sell 2 WETH for at least 5,900 USDC on Ethereum cannot fill: the WETH balance is too low.',
    );
  });

  it('states the price improvement in percent', () => {
    expect(formatNotification(facts({ type: 'price_improvement', surplusBps: 190 })).body).toBe('Got 6,012.345678 USDC for 2 WETH on Ethereum, 1.90% better than your limit.');
  });

  it('names a token the lists or the user imported, in its own units, never in base units', () => {
    const imported = (chainId: number, address: string) => (chainId === 1 && address === UNKNOWN ? { symbol: 'MYST', decimals: 9 } : findKnownToken(chainId, address));
    const text = formatNotification(facts({ type: 'order_cancelled', order: { ...order, buyToken: UNKNOWN, buyAmount: '1234500000000' } }), imported);
    expect(text.title).toBe('Order cancelled: WETH → MYST');
    expect(text.body).toBe('Sell 2 WETH for at least 1,234.5 MYST on Ethereum was cancelled.');
    expect(formatNotification(facts({}), imported).body).not.toMatch(/base units/);
  });

  it('names the pair, the limit and the service’s executed amount when the list tells a fill before the stored order shows it', () => {
    const ahead = { ...order, executedSell: null, executedBuy: null };
    const partial = formatNotification(facts({ type: 'order_partially_filled', order: ahead, executedAmount: '500000000000000000', message: 'Your order was partially filled.' }));
    expect(partial).toEqual({
      title: 'Order partially filled: WETH → USDC',
      body: 'Sell 2 WETH for at least 5,900 USDC on Ethereum: 0.5 WETH filled so far.',
      target: { view: 'history', orderUid: UID },
    });
    const buyOrder = { ...ahead, kind: 'buy' as const };
    expect(formatNotification(facts({ type: 'order_partially_filled', order: buyOrder, executedAmount: '2950000000' })).body).toBe(
      'Buy 5,900 USDC for at most 2 WETH on Ethereum: 2,950 USDC filled so far.',
    );
    expect(formatNotification(facts({ type: 'order_filled', order: ahead })).body).toBe('Sell 2 WETH for at least 5,900 USDC on Ethereum filled.');
    expect(formatNotification(facts({ type: 'price_improvement', order: ahead, surplusBps: 250 })).body).toBe('Sell 2 WETH for at least 5,900 USDC on Ethereum filled, 2.50% better than your limit.');
  });

  it("falls back to the service's text when the order is not known locally, and to the center without an order", () => {
    expect(formatNotification({ type: 'insufficient_balance', chainId: null, orderUid: UID, message: 'Balance too low.' })).toEqual({
      title: 'Insufficient balance',
      body: `Balance too low. (order ${UID.slice(0, 10)}…)`,
      target: { view: 'history', orderUid: UID },
    });
    expect(formatNotification({ type: 'order_filled', chainId: null, orderUid: null }).target).toEqual({ view: 'notifications' });
  });
});
