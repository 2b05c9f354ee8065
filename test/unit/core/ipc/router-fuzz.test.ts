import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/common/errors';
import { contract, type CommandName } from '../../../../main/common/ipc/contract';
import { envelopeSchema } from '../../../../main/common/ipc/envelope';
import { createRouter, type Handlers } from '../../../../main/core/ipc/router';
import { recordingLogger } from '../../../helpers/recording-logger';

const commandNames = Object.keys(contract.commands) as CommandName[];

/**
 * Handlers that only record: each checks that what it was given passes its
 * command's input schema, which is the router's promise to every handler.
 */
function recordingHandlers() {
  const calls: { command: CommandName; valid: boolean }[] = [];
  const handlers = Object.fromEntries(
    commandNames.map((command) => [
      command,
      (input: unknown) => {
        calls.push({ command, valid: contract.commands[command].input.safeParse(input).success });
        throw new AppError('FUZZ_HANDLER', 'reached the handler');
      },
    ]),
  ) as unknown as Handlers;
  return { handlers, calls };
}

/** Payloads shaped like real inputs but wrong in places, plus anything at all. */
const payload = fc.oneof(
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
  fc.dictionary(fc.constantFrom('label', 'privateKey', 'vault', 'passphrase', 'address', 'environment', 'draft', '__proto__', 'constructor'), fc.anything()),
  fc.record({ label: fc.string(), privateKey: fc.string({ unit: fc.constantFrom(...'0123456789abcdefx'), minLength: 0, maxLength: 70 }), vault: fc.constantFrom('keychain', 'passphrase', 'plaintext') }),
  fc.constant(undefined),
);
const commandName = fc.oneof(fc.constantFrom(...commandNames), fc.string(), fc.constantFrom('__proto__', 'toString', 'constructor', 'hasOwnProperty'), fc.anything());

describe('IPC router under fuzzing', () => {
  it('answers 10,000 random and malformed calls with envelopes, and never hands a handler invalid input', async () => {
    const { handlers, calls } = recordingHandlers();
    const router = createRouter(handlers, recordingLogger());
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(commandName, payload, async (command, input) => {
        const answer = await router.handle(command, input);
        answered += 1;
        expect(envelopeSchema.safeParse(answer).success).toBe(true);
        expect(answer.ok).toBe(false);
      }),
      { numRuns: 10_000, seed: 20261122 },
    );
    expect(answered).toBe(10_000);
    expect(calls.filter((call) => !call.valid)).toEqual([]);
    // The fuzz did reach handlers with valid input too, so the router was not simply refusing everything.
    expect(calls.length).toBeGreaterThan(0);
  });
});
