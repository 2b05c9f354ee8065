import { describe, expect, it, vi } from 'vitest';
import { contract } from '../../../../main/common/ipc/contract';
import { createRouter, type Handlers } from '../../../../main/core/ipc/router';
import { recordingLogger } from '../../../helpers/recording-logger';
import { sellWethDraft, TEST_ADDRESS } from '../../../helpers/order-drafts';

const DIGEST = `0x${'ab'.repeat(32)}`;
const wrap = { intentId: 'click-0001', kind: 'wrap', account: TEST_ADDRESS, chainId: 1, amount: '1000' } as const;
const MISSING = /missing: the digest of the preview you confirmed is required; ask for the preview first, nothing is signed without it/;

describe('the digest of the confirmed preview is required to sign an order or send a transaction', () => {
  const cases = [
    { command: 'signing.signOrder', base: { draft: sellWethDraft() } },
    { command: 'wallet.send', base: { intent: wrap } },
  ] as const;

  it.each(cases)('$command without expectedDigest is refused by validation, saying what is missing', ({ command, base }) => {
    const parsed = contract.commands[command].input.safeParse(base);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: ['expectedDigest'], message: expect.stringMatching(MISSING) })]);
  });

  it.each(cases)('$command refuses a digest that is not 32 bytes, and takes one that is', ({ command, base }) => {
    const input = contract.commands[command].input;
    for (const digest of ['0x', '0x1234', `${DIGEST}00`, DIGEST.slice(2), 42]) {
      const parsed = input.safeParse({ ...base, expectedDigest: digest });
      expect(parsed.success, String(digest)).toBe(false);
    }
    expect(input.safeParse({ ...base, expectedDigest: DIGEST.toUpperCase().replace('0X', '0x') })).toMatchObject({ success: true, data: { expectedDigest: DIGEST } });
  });

  it.each(cases)('$command without it answers INVALID_INPUT in words and never reaches the signer', async ({ command, base }) => {
    const handler = vi.fn();
    const router = createRouter({ [command]: handler } as unknown as Handlers, recordingLogger());
    const answer = await router.handle(command, base);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(new RegExp(`^Invalid input for ${command}: expectedDigest: ${MISSING.source}$`)) } });
    expect(handler).not.toHaveBeenCalled();
  });
});
