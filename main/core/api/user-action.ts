import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../../common/errors';
import { USER_ACTIONS, type Deadlines, type UserActionKind } from '../../common/limits';
import { formatMilliseconds } from './bounded-fetch';

/**
 * A user action in progress: an IPC command someone is waiting on. Every
 * request made on its behalf (however deep in the services) sees it through
 * AsyncLocalStorage, so it takes the rate limiter's user lane and shares one
 * end-to-end deadline, without threading options through every module. Work
 * that outlives the answer (the tracker polling a submitted order) runs in the
 * same async context but is background again once the action has settled.
 */
export interface UserAction {
  readonly command: string;
  readonly kind: UserActionKind;
  /** performance.now() by which the action answers (monotonic: a clock set back does not extend it). */
  readonly deadlineAt: number;
  readonly deadlineMs: number;
  settled: boolean;
}

const storage = new AsyncLocalStorage<UserAction>();

/** The user action the current code runs for, while it is still awaited. */
export function currentUserAction(): UserAction | undefined {
  const action = storage.getStore();
  return action && !action.settled ? action : undefined;
}

/**
 * Requests stop this long before the action's deadline, so their own typed
 * error (too large, unclear outcome, offline) is what the user reads rather
 * than the generic deadline message below.
 */
/** What is left of the action's time (monotonic), 0 once it is over. */
export const msLeft = (action: UserAction, until = action.deadlineAt): number => Math.max(0, until - performance.now());

export function handoffMs(action: UserAction): number {
  return Math.min(250, Math.round(action.deadlineMs * 0.05));
}

/** Runs `task` as a user action: it answers by its deadline, whatever the services underneath do. */
export function runUserAction<T>(command: string, kind: UserActionKind, deadlineMs: number, task: () => Promise<T> | T): Promise<T> {
  const action: UserAction = { command, kind, deadlineMs, deadlineAt: performance.now() + deadlineMs, settled: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineError(action)), deadlineMs);
  });
  const work = storage.run(action, async () => task());
  return Promise.race([work, late]).finally(() => {
    action.settled = true;
    clearTimeout(timer);
    // The work may still fail after the answer went out; that is logged by nobody and must not crash main.
    work.catch(() => undefined);
  });
}

function deadlineError(action: UserAction): AppError {
  const within = formatMilliseconds(action.deadlineMs);
  const message =
    action.kind === 'submit'
      ? `The service did not confirm within ${within}; the outcome is unclear. Do not sign again: CoW Desk checks the order by its UID.`
      : `The service did not answer within ${within}, so CoW Desk stopped waiting. Check the connection status and try again.`;
  return new AppError('DEADLINE_EXCEEDED', message, { retryable: action.kind !== 'submit', details: { command: action.command, deadlineMs: action.deadlineMs } });
}

/**
 * Wraps the IPC handlers of the user actions named in USER_ACTIONS so each
 * runs under its deadline; every other handler is returned as it was.
 */
export function withUserDeadlines<H extends Record<string, (input: never) => unknown>>(handlers: H, deadlines: Readonly<Deadlines>): H {
  const wrapped: Record<string, (input: never) => unknown> = { ...handlers };
  for (const [command, kind] of Object.entries(USER_ACTIONS)) {
    const handler = handlers[command];
    if (!handler) continue;
    const deadlineMs = kind === 'submit' ? deadlines.userSubmitMs : deadlines.userReadMs;
    wrapped[command] = (input: never) => runUserAction(command, kind, deadlineMs, () => handler(input));
  }
  return wrapped as H;
}
