import { AppError } from '../../common/errors';
import {
  contract,
  isCommandName,
  type CommandName,
  type CommandOutput,
} from '../../common/ipc/contract';
import type { Envelope } from '../../common/ipc/envelope';
import type { z } from 'zod';
import { redactSecrets, type Logger } from '../log';

/** One handler per command, typed from the contract: it receives parsed input only. */
export type Handlers = {
  [C in CommandName]: (
    input: z.output<(typeof contract.commands)[C]['input']>,
  ) => CommandOutput<C> | Promise<CommandOutput<C>>;
};

export interface Router {
  handle(command: unknown, input: unknown): Promise<Envelope>;
}

const fail = (code: string, message: string, retryable = false, details?: Record<string, unknown>): Envelope => ({
  ok: false,
  error: { code, message, retryable, ...(details ? { details } : {}) },
});

/**
 * The transport-agnostic core of IPC: rejects unknown commands (own keys of the
 * contract only, so `__proto__` or `toString` are unknown too), parses input
 * before any handler runs, parses output before it leaves main, and turns every
 * failure into an envelope. Unexpected errors are logged here and reach the
 * renderer as a generic INTERNAL error: no stack, no message that might hold a secret.
 */
export function createRouter(handlers: Handlers, log: Logger): Router {
  return {
    async handle(command, rawInput) {
      if (!isCommandName(command)) {
        return fail('UNKNOWN_COMMAND', `CoW Desk has no command named "${String(command).slice(0, 80)}".`);
      }
      const spec = contract.commands[command];
      const input = spec.input.safeParse(rawInput);
      if (!input.success) {
        const issues = input.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        return fail('INVALID_INPUT', `Invalid input for ${command}: ${issues.map((i) => `${i.path || 'input'}: ${i.message}`).join('; ')}`, false, { issues });
      }
      try {
        const handler = handlers[command] as (input: unknown) => unknown;
        const value = await handler(input.data);
        const output = spec.output.safeParse(value);
        if (!output.success) {
          // Paths and zod's messages only: the values may be secrets, the message tells where the bug is.
          log.error('ipc output failed its schema', { command, issues: output.error.issues.map((issue) => `${issue.path.join('.') || 'output'}: ${issue.message}`) });
          return fail('INTERNAL', 'CoW Desk hit an internal error. The details are in the log.');
        }
        return { ok: true, value: output.data };
      } catch (error) {
        if (error instanceof AppError) {
          return fail(error.code, error.message, error.retryable, error.details);
        }
        // The log stays on this machine; the renderer gets only the generic message below.
        log.error('ipc handler threw', {
          command,
          error: redactSecrets(error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)),
        });
        return fail('INTERNAL', 'CoW Desk hit an internal error. The details are in the log.');
      }
    },
  };
}
