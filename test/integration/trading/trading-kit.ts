import type { Address } from 'viem';
import type { Deadlines } from '../../../main/common/limits';
import type { CommandInput, CommandName, CommandOutput } from '../../../main/common/ipc/contract';
import type { OrderDraft } from '../../../main/common/ipc/commands/signing';
import type { TradeQuote } from '../../../main/common/ipc/commands/trade';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { marketOrderAmounts } from '../../../main/common/trade/order-math';
import type { Environment } from '../../../main/common/protocol/environments';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { signConfirmed } from '../../helpers/confirm';
import { startSandbox, type RateLimits, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { testKeychainService } from '../../helpers/keychain-service';

const KEYCHAIN_SERVICE = testKeychainService('CoW Desk trading tests');

export interface KitOptions {
  /** The sandbox verifies signatures against this environment's contract (the app signs for production). */
  sandboxEnvironment?: Environment;
  /** Sits between the app and the sandbox, for faults the sandbox cannot play. */
  fetch?: typeof fetch;
  rateLimits?: RateLimits;
  /** The app's request deadlines and backoff (common/limits), as the hostile-server tests shorten them. */
  deadlines?: Deadlines;
}

/** Thrown by `call` with the router's error envelope, so tests read code and message. */
export class CommandError extends Error {
  constructor(readonly code: string, message: string, readonly retryable: boolean) {
    super(message);
  }
}

/**
 * The app's real services against a sandbox whose clock runs at real time
 * (the signer checks validTo against the real clock), talking through the IPC
 * router exactly as the renderer does, with keys in a test keychain service.
 */
export async function startTradingKit(options: KitOptions = {}) {
  const sandbox: Sandbox = await startSandbox({
    now: Math.floor(Date.now() / 1000),
    // Production orders are judged and settled by the real GPv2Settlement (sandbox.onChain); staging keeps the sandbox's checks.
    chain: options.sandboxEnvironment !== 'staging',
    ...(options.sandboxEnvironment ? { environment: options.sandboxEnvironment } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const dir = makeTempDir('cow-desk-trading-');
  const services: Services = composeApp({
    userDataDir: dir.path,
    appVersion: '0.1.0',
    log: recordingLogger(),
    keychainService: KEYCHAIN_SERVICE,
    defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
    tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
    tradeTiming: { pollMs: 100 },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
  });
  const events: [string, unknown][] = [];
  services.events.subscribe((event, payload) => events.push([event, payload]));

  async function call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const envelope = await services.router.handle(command, input);
    if (!envelope.ok) throw new CommandError(envelope.error.code, envelope.error.message, envelope.error.retryable);
    return envelope.value as CommandOutput<C>;
  }

  async function failure(promise: Promise<unknown>): Promise<CommandError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof CommandError) return error;
      throw error;
    }
    throw new Error('expected the command to fail');
  }

  const importKey = (privateKey: `0x${string}`, label = 'Trader') => call('accounts.importKey', { label, privateKey, vault: 'keychain' });

  /** A market order as the composer builds it: quote, then limit amounts with slippage. */
  async function quoteDraft(account: Address, overrides: Partial<CommandInput<'trade.quote'>> = {}, slippageBips = 50) {
    const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips });
    const quote: TradeQuote = await call('trade.quote', {
      account,
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
      ...overrides,
    });
    const amounts = marketOrderAmounts(
      { kind: quote.kind, sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) },
      slippageBips,
    );
    const draft: OrderDraft = {
      account,
      chainId: 1,
      sellToken: quote.sellToken,
      buyToken: quote.buyToken,
      receiver: (overrides.receiver as Address | null | undefined) ?? null,
      sellAmount: amounts.sellAmount.toString(),
      buyAmount: amounts.buyAmount.toString(),
      validTo: Math.floor(Date.now() / 1000) + 1800,
      kind: quote.kind,
      partiallyFillable: overrides.partiallyFillable ?? false,
      fullAppData: overrides.fullAppData ?? fullAppData,
      signingScheme: overrides.signingScheme ?? 'eip712',
    };
    return { quote, draft };
  }

  /** Signed as the signing dialog signs: with the digest of the preview it showed. */
  const signOrder = (draft: OrderDraft, passphrase?: string) => signConfirmed(call, draft, passphrase);

  async function signAndSubmit(draft: OrderDraft, quoteId: number | null = null) {
    const signed = await signOrder(draft);
    return call('trade.submit', { draft, signed, quoteId });
  }

  return {
    sandbox,
    services,
    events,
    call,
    failure,
    importKey,
    quoteDraft,
    signOrder,
    signAndSubmit,
    async stop() {
      await services.close();
      await sandbox.close();
      dir.remove();
      const keytar = await loadKeytar();
      for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    },
  };
}

export type TradingKit = Awaited<ReturnType<typeof startTradingKit>>;
