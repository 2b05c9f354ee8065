import type { Address } from 'viem';
import type { CommandInput, CommandName, CommandOutput } from '../../../main/common/ipc/contract';
import type { Envelope } from '../../../main/common/ipc/envelope';
import type { OrderDraft } from '../../../main/common/ipc/commands/signing';
import { DEADLINES, scaleDeadlines, USER_ACTIONS, type Deadlines } from '../../../main/common/limits';
import type { ConnectionHealth } from '../../../main/common/settings/health-schema';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { signConfirmed } from '../../helpers/confirm';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { startHostileServer, type HostileMode, type HostileServer } from './hostile-server';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { testKeychainService } from '../../helpers/keychain-service';

const KEYCHAIN_SERVICE = testKeychainService('CoW Desk hostile-server tests');
export const { trader } = TEST_ACCOUNTS;

/**
 * The real deadlines at a tenth, so each case takes seconds: reads 2 s,
 * submissions 3 s, headers and idle body 1 s. The offline fast path keeps its
 * real 600 ms: "within a second" is what the user sees.
 */
export const SCALE = 0.1;
export const TEST_DEADLINES: Deadlines = { ...scaleDeadlines(SCALE), offlineAttemptMs: DEADLINES.offlineAttemptMs };

export interface Answer {
  command: CommandName;
  envelope: Envelope;
  ms: number;
}

/**
 * The app's real services (IPC router, health monitor, API client, store,
 * keychain) against the sandbox, with a hostile server in front of each of the
 * two services. Deadlines are shortened through the services' configuration.
 */
export async function startHostileKit() {
  const sandbox: Sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000) });
  const orderbook: HostileServer = await startHostileServer(sandbox.orderbookUrl);
  const bff: HostileServer = await startHostileServer(sandbox.bffUrl);
  const dir = makeTempDir('cow-desk-hostile-');
  const services: Services = composeApp({
    userDataDir: dir.path,
    appVersion: 'hostile',
    log: recordingLogger(),
    keychainService: KEYCHAIN_SERVICE,
    defaultEndpoints: { production: { orderbook: orderbook.url, tokenService: bff.url } },
    tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
    deadlines: TEST_DEADLINES,
    healthTiming: { okIntervalMs: 1_000, offlineIntervalMs: 200, slowMs: 1_500, timeoutMs: 1_000 },
    tradeTiming: { pollMs: 200 },
  });
  let health: ConnectionHealth | undefined;
  const healthWaiters = new Set<() => void>();
  services.events.subscribe((event, payload) => {
    if (event !== 'health.changed') return;
    health = payload as ConnectionHealth;
    for (const wake of healthWaiters) wake();
  });

  const raw = (command: CommandName, input: unknown) => services.router.handle(command, input);
  async function call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const envelope = await raw(command, input);
    if (!envelope.ok) throw new Error(`${command}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.value as CommandOutput<C>;
  }

  /**
   * Runs a user action and times it, for the log: what ends a wait on a broken endpoint is the action's
   * deadline, seen in the answer's code (without it the test's own timeout fails the case), never a
   * wall-clock bound the test asserts, which a loaded machine can miss.
   */
  async function timed(command: keyof typeof USER_ACTIONS, input: unknown): Promise<Answer> {
    const started = performance.now();
    const envelope = await raw(command, input);
    return { command, envelope, ms: performance.now() - started };
  }

  const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50 });
  const quoteInput = {
    account: trader.address,
    chainId: 1,
    sellToken: WETH,
    buyToken: USDC,
    kind: 'sell',
    amount: (10n ** 18n).toString(),
    receiver: null,
    validFor: 1800,
    partiallyFillable: false,
    fullAppData,
    signingScheme: 'eip712',
  } as const;

  let nonce = 0;
  /** A fresh order (its own validTo, so its own UID), signed and ready to submit. */
  async function signedOrder() {
    nonce += 1;
    const draft: OrderDraft = {
      account: trader.address as Address,
      chainId: 1,
      sellToken: WETH,
      buyToken: USDC,
      receiver: null,
      sellAmount: (10n ** 17n).toString(),
      buyAmount: '1',
      validTo: Math.floor(Date.now() / 1000) + 1800 + nonce,
      kind: 'sell',
      partiallyFillable: false,
      fullAppData,
      signingScheme: 'eip712',
    };
    const signed = await signConfirmed(call, draft);
    return { draft, signed, quoteId: null };
  }

  /** Resolves when connection health satisfies `ok` (on the monitor's own events, no sleeping). */
  function healthWhere(ok: (health: ConnectionHealth) => boolean, timeoutMs = 15_000): Promise<ConnectionHealth> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (health && ok(health)) {
          healthWaiters.delete(check);
          clearTimeout(timer);
          resolve(health);
        }
      };
      const timer = setTimeout(() => {
        healthWaiters.delete(check);
        reject(new Error(`health never got there: ${JSON.stringify(health?.services.map((s) => [s.service, s.state]))}`));
      }, timeoutMs);
      healthWaiters.add(check);
      check();
    });
  }
  const stateOf = (h: ConnectionHealth, service: string) => h.services.find((s) => s.service === service)?.state;

  return {
    sandbox,
    orderbook,
    bff,
    services,
    userDataDir: dir.path,
    raw,
    call,
    timed,
    quoteInput,
    signedOrder,
    healthWhere,
    stateOf,
    /** Both endpoints misbehave the same way. */
    mode(mode: HostileMode) {
      orderbook.mode(mode);
      bff.mode(mode);
    },
    async stop() {
      await services.close();
      await orderbook.close();
      await bff.close();
      await sandbox.close();
      dir.remove();
      const keytar = await loadKeytar();
      for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    },
  };
}

export type HostileKit = Awaited<ReturnType<typeof startHostileKit>>;
