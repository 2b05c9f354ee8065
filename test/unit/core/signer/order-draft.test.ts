import { zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../../main/common/ipc/commands/signing';
import { appDataHash } from '../../../../main/common/protocol/app-data';
import { CONTRACTS } from '../../../../main/common/protocol/contracts';
import { orderDigest } from '../../../../main/common/protocol/order';
import { parseOrderUid } from '../../../../main/common/protocol/order-uid';
import { buildOrder } from '../../../../main/core/signer/order-draft';
import { APP_DATA, NOW_SECONDS, sellWethDraft, TEST_ADDRESS, USDC, WETH } from '../../../helpers/order-drafts';

describe('buildOrder: the struct main signs, rebuilt from the intent', () => {
  it('hashes the exact appData string, signs a zero fee, and sends to the owner when no receiver is set', () => {
    const built = buildOrder(sellWethDraft(), 'production', NOW_SECONDS);
    expect(built.struct.appData).toBe(appDataHash(APP_DATA));
    expect(built.struct.feeAmount).toBe(0n);
    expect(built.struct.receiver).toBe(zeroAddress);
    expect(built.digest).toBe(orderDigest(built.struct, built.domain));
    expect(parseOrderUid(built.uid)).toEqual({ digest: built.digest, owner: TEST_ADDRESS, validTo: NOW_SECONDS + 3600 });
  });

  it("signs on the chosen environment's settlement contract: staging differs from production", () => {
    const production = buildOrder(sellWethDraft(), 'production', NOW_SECONDS);
    const staging = buildOrder(sellWethDraft(), 'staging', NOW_SECONDS);
    expect(production.domain.verifyingContract).toBe(CONTRACTS.production.settlement);
    expect(staging.domain.verifyingContract).toBe(CONTRACTS.staging.settlement);
    expect(staging.digest).not.toBe(production.digest);
    expect(buildOrder(sellWethDraft({ chainId: 100 }), 'production', NOW_SECONDS).domain.chainId).toBe(100);
  });

  it.each([
    [{ sellAmount: '0' }, 'ZeroAmount'],
    [{ sellAmount: (2n ** 256n).toString() }, 'SellAmountOverflow'],
    [{ buyAmount: (2n ** 256n).toString() }, 'BuyAmountOverflow'],
    [{ sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const }, 'InvalidNativeSellToken'],
    [{ buyToken: WETH }, 'SameBuyAndSellToken'],
    [{ validTo: NOW_SECONDS - 1 }, 'VALID_TO_IN_PAST'],
    [{ validTo: (NOW_SECONDS + 3600) * 1000 }, 'VALID_TO_IN_MILLISECONDS'],
    [{ fullAppData: 'not json' }, 'InvalidAppData'],
    [{ fullAppData: '[1,2]' }, 'InvalidAppData'],
    [{ fullAppData: JSON.stringify({ pad: 'x'.repeat(9000) }) }, 'InvalidAppData'],
    [{ chainId: 137 }, 'UNKNOWN_CHAIN'],
  ] as [Partial<OrderDraft>, string][])('refuses %j with %s before anything is signed', (override, code) => {
    expect(() => buildOrder(sellWethDraft(override), 'production', NOW_SECONDS)).toThrowError(expect.objectContaining({ code }));
  });

  it('keeps a custom receiver', () => {
    expect(buildOrder(sellWethDraft({ receiver: USDC }), 'production', NOW_SECONDS).struct.receiver).toBe(USDC);
  });
});
