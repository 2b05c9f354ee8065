import type { Logger } from '../log';
import type { Router } from './router';

/**
 * Writes every failed IPC command to the log with its code and the message the
 * user saw, and how long it took, so a report of "it said X" can be found in the
 * file. Inputs are never logged (they hold keys, passphrases and orders to sign);
 * the messages pass the logger's redaction like every other line.
 */
export function withCommandLog(router: Router, log: Logger, now: () => number = () => performance.now()): Router {
  return {
    async handle(command, input) {
      const started = now();
      const envelope = await router.handle(command, input);
      if (!envelope.ok) {
        log.warn('command failed', {
          command: String(command).slice(0, 80),
          code: envelope.error.code,
          shown: envelope.error.message,
          ms: Math.round(now() - started),
        });
      }
      return envelope;
    },
  };
}
