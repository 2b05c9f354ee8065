import { AppError } from '../../common/errors';
import { currentUserAction, handoffMs, msLeft } from '../api/user-action';
import { formatMilliseconds } from '../api/bounded-fetch';
import type { ChainClients } from './chain-clients';
import { asNodeError } from './node-errors';

type Handler = (input: never) => unknown;

/** The chain an input is about: its own chainId, its intent's, or (a replacement) its journalled click's. */
function chainIdOf(input: unknown, chainOfIntent: (intentId: string) => number | undefined): number | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const fields = input as { chainId?: unknown; intent?: { chainId?: unknown }; intentId?: unknown };
  if (typeof fields.chainId === 'number') return fields.chainId;
  if (typeof fields.intent?.chainId === 'number') return fields.intent.chainId;
  return typeof fields.intentId === 'string' ? chainOfIntent(fields.intentId) : undefined;
}

/**
 * The wallet's commands as a person meets them: every failure of a node comes
 * back as words naming that node (never "internal error"), and a command run
 * as a user action (common/limits USER_ACTIONS, withUserDeadlines) answers just
 * before its deadline with the node's name, rather than the generic message.
 * The work itself goes on (every node call is bounded) and its outcome is
 * journalled: a send answered late is settled from the chain, never signed again.
 */
export function withNodeWords<H extends Record<string, Handler>>(clients: ChainClients, chainOfIntent: (intentId: string) => number | undefined, handlers: H): H {
  const wrapped: Record<string, Handler> = {};
  for (const [command, handler] of Object.entries(handlers)) {
    wrapped[command] = async (input: never) => {
      const chainId = chainIdOf(input, chainOfIntent);
      const node = chainId === undefined ? 'the node' : clients.nodeName(chainId);
      const work = Promise.resolve().then(() => handler(input));
      try {
        return await raceDeadline(work, command, node);
      } catch (error) {
        throw asNodeError(node, error);
      }
    };
  }
  return wrapped as H;
}

function raceDeadline<T>(work: Promise<T>, command: string, node: string): Promise<T> {
  const action = currentUserAction();
  if (!action) return work;
  const sending = action.kind === 'submit';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    const inMs = msLeft(action, action.deadlineAt - handoffMs(action));
    timer = setTimeout(() => {
      const within = formatMilliseconds(action.deadlineMs);
      const message = sending
        ? `${capital(node)} did not answer within ${within}. If the transaction left, CoW Desk settles it from the chain by its hash and nonce (see Transactions); trying this same click again signs nothing new.`
        : `${capital(node)} did not answer within ${within}, so CoW Desk stopped waiting. Try again once it answers, or set another JSON-RPC URL in Settings → Networks.`;
      reject(new AppError('RPC_DEADLINE', message, { retryable: !sending, details: { command, deadlineMs: action.deadlineMs } }));
    }, inMs);
  });
  return Promise.race([work, late]).finally(() => {
    clearTimeout(timer);
    work.catch(() => undefined);
  });
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
