import { encodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { appDataHash, serializeAppData } from '../../../../main/common/protocol/app-data';
import { volumePartnerFeeBips } from '../../../../main/common/trade/app-data-effects';
import { marketOrderAmounts } from '../../../../main/common/trade/order-math';
import { buildOrder } from '../../../../main/core/signer/order-draft';
import { signingPreview, type PreviewFacts } from '../../../../main/core/signer/signing-preview';
import { APP_DATA, NOW_SECONDS, sellWethDraft, TEST_ADDRESS, USDC } from '../../../helpers/order-drafts';

const en = { locale: 'en-US' };
const preview = (overrides = {}, environment: 'production' | 'staging' = 'production', facts: PreviewFacts = {}) => {
  const draft = sellWethDraft(overrides);
  return signingPreview(draft, buildOrder(draft, environment, NOW_SECONDS), environment, { address: TEST_ADDRESS, label: 'Main', kind: 'keychain', createdAt: '2026-11-22T00:00:00.000Z' }, { nowSeconds: NOW_SECONDS, format: en, ...facts });
};

describe('signing preview', () => {
  it('decodes the signed struct in human units with the limit price both ways, validity and appData summary', () => {
    const p = preview();
    expect(p.sell.display).toBe('1 WETH');
    expect(p.buy.display).toBe('3,000 USDC');
    expect(p.limitPrice).toBe('1 WETH = 3,000 USDC');
    expect(p.limitPriceInverse).toBe('1 USDC = 0.000333333 WETH');
    expect(p.receiver).toBe(TEST_ADDRESS);
    expect(p.receiverIsOwner).toBe(true);
    expect(p.expiresAt).toBe(new Date((NOW_SECONDS + 3600) * 1000).toISOString());
    expect(p.validForDisplay).toBe('1 hour');
    expect(p.appData).toMatchObject({ hash: appDataHash(APP_DATA), bytes: APP_DATA.length, appCode: 'CoW Desk', orderClass: 'market', slippageBips: '50', hooks: [], partnerFees: [] });
    expect(p.market).toEqual({ percent: null, display: null, price: null, warning: null });
    expect(p.warnings).toEqual([]);
  });

  it('values both sides in USD and warns about a limit at a third of the market', () => {
    const p = preview({ buyAmount: '1000000000' }, 'production', { usd: { sell: 3000, buy: 1 } });
    expect(p.sell.usdDisplay).toBe('$3,000.00');
    expect(p.buy.usdDisplay).toBe('$1,000.00');
    expect(p.market.percent).toBeCloseTo(-66.6667, 3);
    expect(p.market.display).toBe('-66.67%');
    expect(p.market.price).toBe('1 WETH = 3,000 USDC');
    expect(p.market.warning).toMatch(/66\.67% below the market price/);
    expect(p.warnings).toContain(p.market.warning);
    // Near the market: no warning.
    expect(preview({ buyAmount: '2990000000' }, 'production', { usd: { sell: 3000, buy: 1 } }).market.warning).toBeNull();
  });

  it('shows hooks with decoded calldata and gas, partner fees, referrer and replaced order in words', () => {
    const spender = '0x3333333333333333333333333333333333333333';
    const callData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5_000_000n] });
    const fullAppData = serializeAppData({
      appCode: 'CoW Desk',
      metadata: {
        hooks: { pre: [{ target: USDC, callData, gasLimit: '50000' }], post: [{ target: spender, callData: '0xdeadbeef', gasLimit: '21000' }] },
        partnerFee: { volumeBps: 50, recipient: spender },
        referrer: { address: spender },
        replacedOrder: { uid: `0x${'ab'.repeat(56)}` },
      },
      version: '1.4.0',
    });
    const p = preview({ fullAppData });
    expect(p.appData.hooks).toEqual([
      { phase: 'pre', target: USDC, gasLimit: '50000', callData, decoded: `approve(spender: ${spender}, amount: 5000000)`, dappId: null },
      { phase: 'post', target: spender, gasLimit: '21000', callData: '0xdeadbeef', decoded: null, dappId: null },
    ]);
    expect(p.appData.partnerFees[0]?.text).toBe(`Partner fee: 0.5% of the traded volume, paid to ${spender}`);
    expect(p.appData.referrer).toBe(spender);
    expect(p.appData.replacedOrder).toBe(`0x${'ab'.repeat(56)}`);
    expect(p.warnings.join(' ')).toMatch(/run 2 hook call/);
  });

  it('says which appData parts it could not read instead of dropping them', () => {
    const fullAppData = serializeAppData({ appCode: 'x', metadata: { hooks: { pre: [{ target: 'nope' }] }, partnerFee: { volumeBps: 'lots' } }, version: '1.4.0' });
    const p = preview({ fullAppData });
    expect(p.appData.unreadable).toEqual(['hooks', 'partnerFee']);
    expect(p.warnings.join(' ')).toMatch(/could not be read \(hooks, partnerFee\)/);
  });

  it('warns when someone else receives, on staging, and for unknown tokens, shown as whole counts with their decimals unknown', () => {
    const other = '0x1111111111111111111111111111111111111111';
    const p = preview({ receiver: other, buyToken: '0x2222222222222222222222222222222222222222', buyAmount: '42' }, 'staging');
    expect(p.receiverIsOwner).toBe(false);
    expect(p.buy.display).toBe('42 of token 0x2222…2222 (decimals unknown)');
    expect(p.limitPrice).toBeNull();
    expect(p.warnings.join(' ')).toMatch(new RegExp(`go to ${other}`));
    expect(p.warnings.join(' ')).toMatch(/Staging/);
    expect(p.warnings.join(' ')).toMatch(/its decimals are unknown: its amount is shown as a whole count/);
    expect(JSON.stringify(p)).not.toMatch(/base units/);
  });
});

describe('signing preview: what a market order really gives', () => {
  const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
  // Sell 100 DAI for USDC: the quote trades 93.25 DAI after a 6.75 DAI network cost for 93.25 USDC.
  const quote = { sellAmount: '93250000000000000000', buyAmount: '93250000', feeAmount: '6750000000000000000' };
  const daiDraft = (fullAppData = APP_DATA) => ({ sellToken: DAI, sellAmount: '100000000000000000000', buyAmount: '92783750', fullAppData, quote });

  it('shows the expected (quoted) amount, the network cost and its share, with a warning above 5%', () => {
    const p = preview(daiDraft());
    expect(p.expected?.display).toBe('93.25 USDC');
    expect(p.networkCost?.display).toBe('6.75 DAI');
    expect(p.networkCostPercent).toBe(6.75);
    expect(p.warnings).toContain('The network cost (6.75 DAI) is 6.75% of what you sell: a larger amount would lose a smaller share.');
  });

  it('calls a market order\'s bound "Minimum received", a limit order\'s its limit', () => {
    expect(preview(daiDraft()).labels).toEqual({ bound: 'Minimum received', price: 'Worst price (with slippage)' });
    const limit = serializeAppData({ appCode: 'CoW Desk', metadata: { orderClass: { orderClass: 'limit' } }, version: '1.4.0' });
    expect(preview({ fullAppData: limit }).labels).toEqual({ bound: 'You get at least', price: 'Limit price' });
  });

  it('reflects a partner fee from the appData in the minimum', () => {
    const withFee = serializeAppData({
      appCode: 'CoW Desk',
      metadata: { orderClass: { orderClass: 'market' }, partnerFee: { volumeBps: 100, recipient: TEST_ADDRESS }, quote: { slippageBips: 50 } },
      version: '1.4.0',
    });
    const amounts = marketOrderAmounts({ kind: 'sell', sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) }, 50, volumePartnerFeeBips(withFee));
    // 93.25 USDC less 0.5% slippage less the 1% partner fee.
    expect(amounts.buyAmount).toBe(91_855_912n);
    const p = preview({ ...daiDraft(withFee), buyAmount: amounts.buyAmount.toString() });
    expect(p.labels.bound).toBe('Minimum received (after the 1% partner fee)');
    expect(p.buy.display).toBe('91.855912 USDC');
  });
});
