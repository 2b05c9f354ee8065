import type { Socket } from 'node:net';
import type { Reply, SandboxRequest } from './reply';

/**
 * How an answer gets lost after the service has done the work: the socket is
 * reset, a proxy in front answers 502, or nothing comes back until the client
 * gives up (the socket stays open until then).
 */
export type LostAnswerMode = 'reset' | '502' | 'timeout';

export interface LostAnswerRule {
  method: string;
  /** The request path ends with this, e.g. `/api/v1/orders`. */
  pathEndsWith: string;
  mode: LostAnswerMode;
  /** How many matching answers to lose (default 1); the next ones go through. */
  count?: number;
}

export interface LostAnswers {
  /** Replaces the rules; an answer matching several is lost once, by the first. */
  set(...rules: LostAnswerRule[]): void;
  clear(): void;
  /** Answers lost so far, for the test's own bookkeeping. */
  lost(): number;
  /**
   * Called after the handler ran (the work is done, e.g. the order stored):
   * true when the answer was lost here and must not be written.
   */
  swallow(request: SandboxRequest, reply: Reply, socket: Socket, write502: () => void): boolean;
}

export function createLostAnswers(): LostAnswers {
  let rules: { rule: LostAnswerRule; left: number }[] = [];
  let lost = 0;
  return {
    set: (...next) => {
      rules = next.map((rule) => ({ rule: { ...rule }, left: rule.count ?? 1 }));
    },
    clear: () => {
      rules = [];
    },
    lost: () => lost,
    swallow: (request, reply, socket, write502) => {
      // Only answers of work that was done: a refusal was never "accepted".
      if (reply.status >= 300) return false;
      const match = rules.find(({ rule, left }) => left > 0 && request.method === rule.method && request.path.endsWith(rule.pathEndsWith));
      if (!match) return false;
      const { rule } = match;
      match.left -= 1;
      lost += 1;
      if (rule.mode === 'reset') socket.destroy();
      else if (rule.mode === '502') write502();
      // 'timeout': leave the socket open without an answer; the client's own timeout ends it.
      return true;
    },
  };
}
