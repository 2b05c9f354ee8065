import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../main/common/ipc/contract';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { makeTempDir } from '../../helpers/temp-dir';
import { placeOrder } from '../sandbox/sandbox-kit';
import { EVERY_ORDER_ALERT } from '../watcher/watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * Issue 16: "`npm run preview` runs the same services as the Electron entry
 * point (background sync, watcher, notifications shown through the browser's
 * Notification API)". The script itself is started, as `npm run preview`
 * starts it after the build, and driven only through its loopback bridge, as
 * the page drives it: pointed at the sandbox and given a watch-only account,
 * it must sync the account's history and tell its fill to the page with
 * nothing asking it to.
 */
describe('npm run preview', () => {
  // Unset until beforeEach gets that far: a failure there (no build) must be the error reported.
  let sandbox: Sandbox | undefined;
  let data: ReturnType<typeof makeTempDir> | undefined;
  let preview: ChildProcess | undefined;
  let origin: string;
  let token: string;
  const events: { event: string; payload: unknown }[] = [];

  beforeEach(async () => {
    if (!existsSync('out/renderer/index.html')) throw new Error('Build first (npm run build): the preview serves the built renderer.');
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000) });
    data = makeTempDir('cow-desk-preview-');
    const started = spawn(process.execPath, ['scripts/preview.mjs'], { env: { ...process.env, COW_DESK_DATA: data.path }, stdio: ['ignore', 'pipe', 'inherit'] });
    preview = started;
    const lines = createInterface({ input: started.stdout! });
    const url = await new Promise<URL>((resolve, reject) => {
      started.once('exit', (code) => reject(new Error(`the preview exited (${code}) before it listened`)));
      lines.on('line', (line) => {
        const found = /open (http:\/\/\S+)/.exec(line);
        if (found) resolve(new URL(found[1]!));
      });
    });
    origin = url.origin;
    token = url.searchParams.get('token')!;
    void followEvents();
  }, 60_000);
  afterEach(async () => {
    // Still running (neither exited nor killed by a signal): stopped, and waited for.
    if (preview && preview.exitCode === null && preview.signalCode === null) {
      const exited = once(preview, 'exit');
      preview.kill('SIGTERM');
      await exited;
    }
    preview = undefined;
    events.length = 0;
    await sandbox?.close();
    sandbox = undefined;
    data?.remove();
    data = undefined;
  });

  const running = (): Sandbox => sandbox ?? expect.unreachable('the sandbox was not started');

  /** The page's event stream (server-sent events), as the renderer reads it. */
  async function followEvents(): Promise<void> {
    const response = await fetch(`${origin}/ipc/events?token=${token}`);
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const data = buffered.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
          buffered = buffered.slice(end + 2);
          if (data) events.push(JSON.parse(data.slice('data: '.length)) as { event: string; payload: unknown });
        }
      }
    } catch {
      // The preview stopped.
    }
  }

  async function invoke(command: CommandName, input?: unknown): Promise<unknown> {
    const response = await fetch(`${origin}/ipc/invoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ command, input }),
    });
    const envelope = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!envelope.ok) throw new Error(`${command}: ${envelope.error?.message}`);
    return envelope.value;
  }

  it('syncs a new account\'s history and shows its fill through the page, on its own', async () => {
    const sandbox = running();
    const uid = (await placeOrder(sandbox, trader.privateKey)).toLowerCase();
    sandbox.settle();

    await invoke('settings.setEndpoint', { environment: 'production', service: 'orderbook', url: sandbox.orderbookUrl });
    await invoke('settings.setEndpoint', { environment: 'production', service: 'tokenService', url: sandbox.bffUrl });
    await invoke('settings.update', { enabledChains: [1], notifications: EVERY_ORDER_ALERT });
    await invoke('accounts.addWatchOnly', { label: 'Trader', address: trader.address });

    // The history sync runs by itself: the order is in History without a "sync now".
    await expect
      .poll(async () => ((await invoke('history.query', {})) as { rows: { uid: string; status: string }[] }).rows.map((row) => [row.uid.toLowerCase(), row.status]), {
        timeout: 20_000,
      })
      .toEqual([[uid, 'fulfilled']]);
    // The watcher runs by itself, and its notification goes to the page, which shows it with the Notification API.
    await expect
      .poll(() => events.filter((entry) => entry.event === 'notifications.show').map((entry) => (entry.payload as { title: string; target: { orderUid?: string } })), {
        timeout: 20_000,
      })
      .toEqual([expect.objectContaining({ title: expect.stringMatching(/^Order filled/), target: expect.objectContaining({ orderUid: uid }) })]);
    expect(await invoke('notifications.status')).toMatchObject({ paused: false, lastCheckedAt: expect.any(Number) });
  }, 60_000);
});
