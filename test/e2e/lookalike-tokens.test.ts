import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../sandbox';
import { LOOKALIKE_LIST } from '../sandbox/bff/token-lists';
import { UNLISTED_LOOKALIKE } from '../sandbox/token-fixtures';
import { seriousViolations } from './axe';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

const REAL_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

/**
 * Seven tokens that call themselves USDC in front of the picker, as a trader met them: the real one
 * (shipped snapshot, sandbox list, community list), and on the community list a copy by symbol, one
 * reversed by a right-to-left override, one with a Cyrillic С, one with a zero-width joiner, one in
 * Cyrillic and Greek letters; and a copy deployed on the sandbox chain that the user imports. Each
 * row must say which token it is (address, who lists it), show hidden characters as code points and
 * warn where it looks like the real one; importing the copy needs a confirmation naming the real one.
 */
describe('lookalike tokens in the picker, in Chromium', () => {
  let app: RunningApp;
  afterEach(async () => app?.stop());

  it('tells the seven "USDC" rows apart, warns on each copy, and imports a copy only after confirming it is not USDC', async () => {
    app = await startApp({ chain: true, lookalikeTokenList: true });
    const page = await openTradeWithKey(app, TEST_ACCOUNTS.trader.privateKey);
    // Both lists read at start (the lookalikes are on the community list).
    const listsRead = async () => {
      const status = (await app.services.router.handle('tokens.lists', {})) as { ok: true; value: { lists: { outcome: string | null }[] } };
      return status.value.lists.map((list) => list.outcome);
    };
    await expect.poll(listsRead).toEqual(['ok', 'ok']);

    // A pasted address of a contract calling itself USDC: the warning names the real USDC, and Import waits for the box.
    const buy = page.getByRole('combobox', { name: 'Buy token' });
    await buy.fill(UNLISTED_LOOKALIKE.address);
    await page.getByRole('button', { name: 'Read this token from the chain' }).click();
    const panel = page.getByRole('group', { name: 'Unknown token' });
    await expect
      .poll(() => panel.getByTestId('lookalike-warning').textContent())
      .toMatch(new RegExp(`It looks like USDC \\(USD Coin\\) ${short(REAL_USDC)} on CoW Desk snapshot, Sandbox list, Community list, but it is another token\\.`));
    const importButton = panel.getByRole('button', { name: 'Import USDC' });
    expect(await importButton.isDisabled()).toBe(true);
    await app.screenshot('lookalike-import-confirmation');
    expect(await seriousViolations(page)).toEqual([]);
    // Main refuses it too without the confirmation, in words naming the real token.
    const refused = (await app.services.router.handle('tokens.import', { chainId: 1, address: UNLISTED_LOOKALIKE.address })) as { ok: false; error: { code: string; message: string } };
    expect(refused.error).toMatchObject({ code: 'LOOKALIKE_TOKEN', message: expect.stringMatching(/looks like USDC \(0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 on CoW Desk snapshot/) });
    await panel.getByRole('checkbox', { name: `I understand that this is not USDC ${short(REAL_USDC)}, and I still want to import it.` }).check();
    await importButton.click();
    await expect.poll(() => page.getByTestId('buy-token-current').textContent()).toMatch(/^USDC 0x05dc00/i);

    // The seven rows: each with its own address and source, the copies warned about, hidden characters shown.
    await buy.fill('usd coin');
    const rows = page.getByTestId('token-option');
    await expect.poll(() => rows.count()).toBe(7);
    const texts = await rows.allTextContents();
    expect(new Set(texts).size).toBe(7);
    const origins = await page.getByTestId('option-origin').allTextContents();
    expect(origins.toSorted()).toEqual(
      [
        `${short(REAL_USDC)} · CoW Desk snapshot, Sandbox list, Community list`,
        ...LOOKALIKE_LIST.tokens.slice(1).map((token) => `${short(token.address)} · Community list`),
        `${short(UNLISTED_LOOKALIKE.address)} · imported by you`,
      ].toSorted(),
    );
    // A row by its own address (each copy's warning names the real one's too).
    const rowOf = (address: string) => rows.filter({ has: page.getByTestId('option-origin').filter({ hasText: short(address) }) });
    expect(await rowOf(REAL_USDC).getByTestId('option-lookalike').count()).toBe(0);
    const [, copy, reversed, cyrillic, zeroWidth, mixed] = LOOKALIKE_LIST.tokens.map((token) => token.address);
    for (const address of [copy!, cyrillic!, zeroWidth!, mixed!, UNLISTED_LOOKALIKE.address]) {
      expect(await rowOf(address).getByTestId('option-lookalike').textContent()).toBe(`⚠ Looks like USDC ${short(REAL_USDC)}`);
    }
    // No bidi or zero-width character reaches the page unescaped: the override and the joiner are shown as code points.
    expect(await rowOf(reversed!).textContent()).toMatch(/<U\+202E>CDSU\s*USD Coin <U\+202E>gnp\.exe/);
    expect(await rowOf(reversed!).getByTestId('option-hidden').textContent()).toBe('⚠ Hidden characters: U+202E');
    expect(await rowOf(zeroWidth!).textContent()).toContain('US<U+200D>DC');
    expect(texts.join('')).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF\u061C]/);
    await app.screenshot('lookalike-tokens-picker');
    expect(await seriousViolations(page)).toEqual([]);

    // Picked, the reversed one is named by its code points on the form too.
    await rowOf(reversed!).click();
    await expect.poll(() => page.getByTestId('buy-token-current').textContent()).toMatch(/^<U\+202E>CDSU 0x05Dc00…/);
  });
});
