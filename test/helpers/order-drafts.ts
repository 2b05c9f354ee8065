import type { OrderDraft } from '../../main/common/ipc/commands/signing';
import { serializeAppData } from '../../main/common/protocol/app-data';

export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' as const;
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
/** Public hardhat test account #1 (shared/spec/vectors.json): never for funds. */
export const TEST_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;
export const TEST_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
export const NOW_SECONDS = 1_800_000_000;

export const APP_DATA = serializeAppData({
  appCode: 'CoW Desk',
  environment: 'production',
  metadata: { orderClass: { orderClass: 'market' }, quote: { slippageBips: '50' } },
  version: '1.3.0',
});

/** Sell 1 WETH for at least 3000 USDC, valid for an hour from NOW_SECONDS. */
export function sellWethDraft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    account: TEST_ADDRESS,
    chainId: 1,
    sellToken: WETH,
    buyToken: USDC,
    receiver: null,
    sellAmount: '1000000000000000000',
    buyAmount: '3000000000',
    validTo: NOW_SECONDS + 3600,
    kind: 'sell',
    partiallyFillable: false,
    fullAppData: APP_DATA,
    signingScheme: 'eip712',
    ...overrides,
  };
}
