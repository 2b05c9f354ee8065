import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { getAddress, parseEther, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxIntentInput } from '../../../main/common/ipc/commands/wallet';
import type { EthFlowOrderInput } from '../../../main/common/orders/ethflow';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { STORE_FILE } from '../../../main/core/services';
import { TEST_ACCOUNTS } from '../../sandbox';
import { ETHFLOW_ABI } from '../../sandbox/chain/ethflow-deployment';
import { call as http, orderbook, USDC, WETH } from '../sandbox/sandbox-kit';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';
import { KEYCHAIN_SERVICE, newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

const CHILD = join(import.meta.dirname, 'fixtures/wallet-child.ts');
const ETHFLOW = getAddress('0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC');
const { unfunded } = TEST_ACCOUNTS;
const APP_DATA = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50 });

/** Where the child (the app's real services) is killed: the line it prints on arriving there (see wallet-child.ts). */
const POINTS = { key: 'KEY', withheld: 'WITHHELD', unanswered: 'DELIVERED', sent: 'SENT' } as const;
type Point = keyof typeof POINTS;

function sendAndKill(kit: WalletKit, point: Point, intent: TxIntentInput): Promise<string[]> {
  const args = [kit.dir, kit.chain.rpcUrls[1]!, kit.sandbox.orderbookUrl, kit.sandbox.bffUrl, KEYCHAIN_SERVICE, point, JSON.stringify(intent)];
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith(POINTS[point]) || line.startsWith('FAILED')) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('close', () => resolve(lines)));
}

function journalled(dir: string, intentId: string): { hash: Hex; status: string }[] {
  const db = new BetterSqlite3(join(dir, STORE_FILE), { readonly: true });
  try {
    return db.prepare('SELECT hash, status FROM wallet_transactions WHERE intent_id = ?').all(intentId) as { hash: Hex; status: string }[];
  } finally {
    db.close();
  }
}

describe('SIGKILL while EthFlow createOrder is being sent: never two orders for one click', () => {
  let kit: WalletKit;
  beforeAll(async () => {
    // The test reads the orderbook's routes itself, beside the app's own budget of the live 5 a second.
    kit = await startWalletKit({ rateLimits: UNTHROTTLED });
    await kit.chain.client(1).setBalance({ address: unfunded.address, value: parseEther('5') });
    await kit.importKey(unfunded.privateKey, 'ETH only');
    await kit.close();
  }, 120_000);
  afterAll(() => kit?.stop());

  /** An order as the Sell ETH form builds it, from an on-chain quote asked over HTTP (the app is down meanwhile). */
  async function order(sellAmount: bigint): Promise<EthFlowOrderInput> {
    const quote = await http(orderbook(kit.sandbox, '/v1/quote'), { body: { sellToken: WETH, buyToken: USDC, from: unfunded.address, kind: 'sell', sellAmountBeforeFee: sellAmount.toString(), signingScheme: 'eip1271', onchainOrder: true } });
    const validTo = Number((await kit.chain.client(1).getBlock()).timestamp) + 1800;
    return { buyToken: USDC, receiver: unfunded.address, sellAmount: sellAmount.toString(), buyAmount: ((BigInt(quote.body.quote.buyAmount) * 99n) / 100n).toString(), appData: APP_DATA.hash, feeAmount: '0', validTo, partiallyFillable: false, quoteId: quote.body.id };
  }

  it.each(Object.keys(POINTS) as Point[])('killed at "%s": the restarted app and a retried click leave exactly one OrderPlacement, and one order in the orderbook', { timeout: 180_000 }, async (point) => {
    const client = kit.chain.client(1);
    const sellAmount = parseEther(`0.0${Object.keys(POINTS).indexOf(point) + 1}`);
    const intent: TxIntentInput = { intentId: newIntentId(), kind: 'ethflowOrder', account: unfunded.address, chainId: 1, order: await order(sellAmount), fullAppData: APP_DATA.fullAppData };
    const nonceBefore = await kit.nonce(unfunded.address);
    const lines = await sendAndKill(kit, point, intent);
    expect(lines.some((line) => line.startsWith('FAILED')), lines.join('\n')).toBe(false);
    const afterKill = journalled(kit.dir, intent.intentId);
    expect(afterKill.length).toBeLessThanOrEqual(1);

    // Restart on the same files, reconcile, then the user's click is retried with the same intent.
    const services = await kit.restart();
    await services.wallet.transactions!.reconcile();
    const retried = await kit.resend(intent, kit.shownDigest(lines));
    const final = await kit.settled(intent.intentId);
    expect(final).toMatchObject({ status: 'confirmed', hash: retried.hash });
    if (afterKill[0]) expect(final.hash).toBe(afterKill[0].hash);
    await kit.close();

    expect(await kit.nonce(unfunded.address)).toBe(nonceBefore + 1);
    const placements = await client.getContractEvents({ address: ETHFLOW, abi: ETHFLOW_ABI, eventName: 'OrderPlacement', args: { sender: unfunded.address }, fromBlock: 0n });
    const mine = placements.filter((event) => (event.args as { order: { sellAmount: bigint } }).order.sellAmount === sellAmount);
    expect(mine).toHaveLength(1);
    const listed = await http(orderbook(kit.sandbox, `/v1/account/${unfunded.address}/orders?limit=1000`));
    expect(listed.body.filter((entry: { sellAmount: string }) => entry.sellAmount === sellAmount.toString())).toHaveLength(1);
  });
});
