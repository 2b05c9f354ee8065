import { describe, expect, it } from 'vitest';
import { appDataHash } from '../../../../main/common/protocol/app-data';
import { buildOrder } from '../../../../main/core/signer/order-draft';
import { signingPreview } from '../../../../main/core/signer/signing-preview';
import { APP_DATA, NOW_SECONDS, sellWethDraft, TEST_ADDRESS } from '../../../helpers/order-drafts';

const preview = (overrides = {}, environment: 'production' | 'staging' = 'production') => {
  const draft = sellWethDraft(overrides);
  return signingPreview(draft, buildOrder(draft, environment, NOW_SECONDS), environment, { address: TEST_ADDRESS, label: 'Main', kind: 'keychain', createdAt: '2026-11-22T00:00:00.000Z' });
};

describe('signing preview', () => {
  it('decodes the signed struct in human units with the limit price and appData summary', () => {
    const p = preview();
    expect(p.sell.display).toBe('1 WETH');
    expect(p.buy.display).toBe('3000 USDC');
    expect(p.limitPrice).toBe('1 WETH = 3000 USDC');
    expect(p.receiver).toBe(TEST_ADDRESS);
    expect(p.receiverIsOwner).toBe(true);
    expect(p.expiresAt).toBe(new Date((NOW_SECONDS + 3600) * 1000).toISOString());
    expect(p.appData).toEqual({ hash: appDataHash(APP_DATA), bytes: APP_DATA.length, appCode: 'CoW Desk', orderClass: 'market', slippageBips: '50' });
    expect(p.warnings).toEqual([]);
  });

  it('warns when someone else receives, on staging, and for unknown tokens shown in base units', () => {
    const other = '0x1111111111111111111111111111111111111111';
    const p = preview({ receiver: other, buyToken: '0x2222222222222222222222222222222222222222', buyAmount: '42' }, 'staging');
    expect(p.receiverIsOwner).toBe(false);
    expect(p.buy.display).toBe('42 base units');
    expect(p.limitPrice).toBeNull();
    expect(p.warnings.join(' ')).toMatch(new RegExp(`go to ${other}`));
    expect(p.warnings.join(' ')).toMatch(/Staging/);
    expect(p.warnings.join(' ')).toMatch(/raw base units/);
  });
});
