import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { erc20Abi, parseEther, parseUnits, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxIntentInput } from '../../../main/common/ipc/commands/wallet';
import { STORE_FILE } from '../../../main/core/services';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { KEYCHAIN_SERVICE, newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

const CHILD = join(import.meta.dirname, 'fixtures/wallet-child.ts');
const VAULT_RELAYER = '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110' as const;
const { noAllowance } = TEST_ACCOUNTS;

/** Where the child is killed, and the line it prints on arriving there. */
const POINTS = { key: 'KEY', withheld: 'WITHHELD', unanswered: 'DELIVERED', sent: 'SENT', sentMined: 'SENT', garbled: 'SENT' } as const;
type Point = keyof typeof POINTS;

/** 24 trials: each kill point four times, approvals and wraps alternating. */
const TRIALS = Array.from({ length: 24 }, (_, index) => {
  const point = (Object.keys(POINTS) as Point[])[index % 6]!;
  return { index, point, kind: index % 2 === 0 ? ('approve' as const) : ('wrap' as const) };
});

function sendAndKill(kit: WalletKit, point: Point, intent: TxIntentInput): Promise<string[]> {
  const args = [kit.dir, kit.chain.rpcUrls[1]!, kit.sandbox.orderbookUrl, kit.sandbox.bffUrl, KEYCHAIN_SERVICE];
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args, point === 'sentMined' ? 'sent' : point, JSON.stringify(intent)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith(POINTS[point]) || line.startsWith('FAILED')) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('close', () => resolve(lines)));
}

function journalled(dir: string, intentId: string) {
  const db = new BetterSqlite3(join(dir, STORE_FILE), { readonly: true });
  try {
    // The journal keeps an unclear send as 'signed' with its reason (tx-journal.ts): named here as the app names it.
    const rows = db.prepare('SELECT hash, status, error FROM wallet_transactions WHERE intent_id = ?').all(intentId) as { hash: Hex; status: string; error: string | null }[];
    return rows.map(({ hash, status, error }) => ({ hash, status: status === 'signed' && error !== null ? 'unclear' : status }));
  } finally {
    db.close();
  }
}

describe('SIGKILL between signing a transaction and its receipt, on the shipped composition: one transaction per click, never lost, never stuck', () => {
  let kit: WalletKit;
  const outcomes: string[] = [];
  beforeAll(async () => {
    kit = await startWalletKit();
    await kit.importKey(noAllowance.privateKey, 'Crash');
    // The child opens the same files: the parent's services step aside until each restart.
    await kit.close();
  }, 120_000);
  afterAll(() => kit?.stop());

  it.each(TRIALS)('trial $index: $kind killed at "$point", the restarted app finds or rebroadcasts the journalled transaction by itself', { timeout: 180_000 }, async ({ index, point, kind }) => {
    const client = kit.chain.client(1);
    const intent: TxIntentInput =
      kind === 'approve'
        ? { intentId: newIntentId(), kind, account: noAllowance.address, chainId: 1, token: USDC, amount: parseUnits(String(100 + index), 6).toString() }
        : { intentId: newIntentId(), kind, account: noAllowance.address, chainId: 1, amount: parseEther(`0.0${index + 1}`).toString() };
    const nonceBefore = await kit.nonce(noAllowance.address);
    const wethBefore = await client.readContract({ address: WETH, abi: erc20Abi, functionName: 'balanceOf', args: [noAllowance.address] });
    await client.setAutomine(point === 'sentMined' || point === 'garbled');
    let afterKill: { hash: Hex; status: string }[];
    let nodeKnew = false;
    try {
      const lines = await sendAndKill(kit, point, intent);
      expect(lines.some((line) => line.startsWith('FAILED')), lines.join('\n')).toBe(false);
      // A 502 after the node took the bytes is an unclear outcome, never "failed".
      if (point === 'garbled') expect(lines.find((line) => line.startsWith('SENT'))).toMatch(/ unclear$/);
      afterKill = journalled(kit.dir, intent.intentId);
      // Never more than one signed transaction for the click, whatever the point.
      expect(afterKill.length).toBeLessThanOrEqual(1);
      if (afterKill[0]) nodeKnew = (await client.getTransaction({ hash: afterKill[0].hash }).catch(() => null)) !== null;

      // Restart: the app as it ships reconciles the journal by itself (nobody calls reconcile), then the click is retried.
      await kit.restart();
      // Before any click: the restarted app alone hands journalled bytes the node never got to it again
      // (the retry below would do it too, so without this the suite could not tell).
      if (afterKill[0]) await expect.poll(() => client.getTransaction({ hash: afterKill[0]!.hash }).then(() => true, () => false)).toBe(true);
      await kit.resend(intent, kit.shownDigest(lines));
    } finally {
      await client.setAutomine(true);
    }
    await client.mine({ blocks: 1 });
    const final = (await kit.settledByApp(intent.intentId, 60_000)).record;
    // A later click from the same account is sent and mined: no nonce was left behind ("nonce too high").
    const later = { intentId: newIntentId(), kind: 'wrap' as const, account: noAllowance.address, chainId: 1, amount: '1000' };
    const laterSent = await kit.send(later);
    expect(laterSent.nonce).toBe(nonceBefore + 1);
    expect((await kit.settledByApp(later.intentId, 60_000)).record.status).toBe('confirmed');
    await kit.close();

    const rows = journalled(kit.dir, intent.intentId);
    expect(rows).toHaveLength(1);
    expect(final.status).toBe('confirmed');
    if (afterKill[0]) expect(final.hash).toBe(afterKill[0].hash); // the same bytes, not a second signature
    expect(await kit.nonce(noAllowance.address)).toBe(nonceBefore + 2); // exactly one transaction on chain for the click, then the later one
    if (intent.kind === 'approve') {
      expect(await client.readContract({ address: USDC, abi: erc20Abi, functionName: 'allowance', args: [noAllowance.address, VAULT_RELAYER] })).toBe(BigInt(intent.amount));
    } else {
      const wethAfter = await client.readContract({ address: WETH, abi: erc20Abi, functionName: 'balanceOf', args: [noAllowance.address] });
      expect(wethAfter - wethBefore).toBe(BigInt(intent.amount) + 1000n);
    }
    outcomes.push(!afterKill[0] ? 'not journalled: signed once on retry' : nodeKnew ? `journalled ${afterKill[0].status}, node had it: found mined` : `journalled ${afterKill[0].status}, node had not: rebroadcast`);
  });

  it('the kills landed before the journal, between journal and node, and after the node took the transaction', () => {
    expect(outcomes).toHaveLength(24);
    expect(new Set(outcomes)).toEqual(
      new Set([
        'not journalled: signed once on retry',
        'journalled signed, node had not: rebroadcast',
        'journalled signed, node had it: found mined',
        'journalled broadcast, node had it: found mined',
        'journalled unclear, node had it: found mined',
      ]),
    );
  });
});
