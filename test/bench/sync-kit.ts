import { setTimeout as pace } from 'node:timers/promises';
import { answersAlike, type RequestOutcome } from '../../main/core/api/http-client';
import type { RateLimiter } from '../../main/core/api/rate-limiter';
import { TEST_ACCOUNTS } from '../sandbox';
import type { sandboxProcess } from '../integration/history/history-kit';
import { builtApp } from './app-bundle';

/** The app's sync, store and API client as built (app-bundle.ts): the sync benches time these, not their source under tsx. */
export const app = await builtApp();
const { appRateLimiter, createApiClient, DEFAULT_RATE_LIMITS, runUserAction, DEADLINES, USER_ACTIONS } = app;

export type Sandbox = Awaited<ReturnType<typeof sandboxProcess>>;
export type Client = ReturnType<typeof app.createApiClient>;

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

export const scope = { account: TEST_ACCOUNTS.trader.address, chainId: 1, environment: 'production' as const };

/** A quote as the Trade screen asks for it: a user action (the rate limiter's user lane), as the IPC router runs it. */
export const userQuote = (client: Client, deadlineMs = DEADLINES.userReadMs) =>
  runUserAction('trade.quote', USER_ACTIONS['trade.quote'], deadlineMs, () =>
    client.orderbook.quote(1, { sellToken: WETH, buyToken: USDC, from: TEST_ACCOUNTS.trader.address, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' }),
  );

/** A request as the client sent it, to send again without the client. */
export interface Sent {
  url: string;
  init: RequestInit & { method: string };
  path: string;
  bytes: number;
}

/**
 * The app's API client to the sandbox at its default rate limits, recording
 * what it sends and the bytes of each answer, counted as the body streams
 * through to the client (not read ahead of it: the client reads each answer
 * as it would from the service).
 */
export function recordingClient(sandbox: Sandbox, sent: Sent[], outcomes: RequestOutcome[], onSend?: (path: string) => void, limiter?: RateLimiter) {
  const recording: typeof fetch = async (input, init) => {
    const url = String(input);
    onSend?.(new URL(url).pathname);
    const response = await fetch(input, init);
    const entry: Sent = {
      url,
      init: { method: init?.method ?? 'GET', ...(init?.headers ? { headers: init.headers } : {}), ...(typeof init?.body === 'string' ? { body: init.body } : {}) },
      path: new URL(url).pathname,
      bytes: 0,
    };
    sent.push(entry);
    const counted = response.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          entry.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted ?? null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return createApiClient({
    endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
    environment: () => 'production',
    fetch: recording,
    onOutcome: (outcome) => outcomes.push(outcome),
    ...(limiter ? { limiter } : {}),
  });
}

/** The orderbook's rate as the live service enforces it (protocol-notes.md: about 5 a second per IP), the app's whole budget. */
export const SERVICE_PER_SECOND = DEFAULT_RATE_LIMITS.orderbook!.perSecond;

/**
 * The floor of a sync's wall time: the same requests replayed with bare fetch
 * at exactly the service's rate, one sent every 1/5 s without waiting for the
 * answers before (no limiter of the app's, no parsing, nothing stored), each
 * answer read in full; done when the last is in. Sent exactly 200 ms apart, a
 * request can reach the service less than a second after the fifth before it
 * (the network delays one more than another) and be refused: one refused is
 * sent again in the next free 1/5 s, so the replay does the same work at the
 * same rate. Answers how many were refused.
 */
export async function replayAtServiceRate(requests: readonly Sent[]): Promise<{ throttled: number }> {
  const spacingMs = 1_000 / SERVICE_PER_SECOND;
  const began = performance.now();
  let next = 0;
  let throttled = 0;
  const send = async (request: Sent): Promise<void> => {
    await pace(Math.max(0, began + next++ * spacingMs - performance.now()));
    const response = await fetch(request.url, request.init);
    await response.arrayBuffer();
    if (response.status !== 429) return;
    throttled += 1;
    await send(request);
  };
  await Promise.all(requests.map((request) => send(request)));
  return { throttled };
}

/**
 * The same requests through the app's own limiter (background lane), one after
 * the other as the sync's walks send them (the next asked when the last answer
 * is in), each answer read in full and nothing else done: what the scheduling
 * costs over the floor, apart from parsing and storing.
 */
export async function replayThroughAppLimiter(requests: readonly Sent[], limiter: RateLimiter = appRateLimiter()): Promise<void> {
  for (const request of requests) {
    const grant = await limiter.acquire(['orderbook'], undefined, { kind: answersAlike({ url: request.url, endpoint: request.path }) });
    const response = await fetch(request.url, request.init);
    if (response.ok) grant.answered();
    await response.arrayBuffer();
  }
}
