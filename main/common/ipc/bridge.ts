import { AppError } from '../errors';
import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload } from './contract';
import type { Envelope } from './envelope';

/**
 * What a transport carries: untyped commands in, envelopes out, named events.
 * The Electron preload and the loopback client each implement it; this is also
 * what crosses contextBridge, because Electron clones errors thrown across it
 * down to a bare message, whereas an envelope arrives whole.
 */
export interface BridgeTransport {
  invoke(command: string, input: unknown): Promise<Envelope>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

type InvokeArgs<C extends CommandName> =
  undefined extends CommandInput<C> ? [input?: CommandInput<C>] : [input: CommandInput<C>];

export interface Bridge {
  invoke<C extends CommandName>(command: C, ...args: InvokeArgs<C>): Promise<CommandOutput<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/**
 * Turns a transport into the typed object the renderer calls. Failures come back
 * as AppError with the code, message and retryable flag main decided on; a
 * malformed envelope is reported rather than trusted.
 *
 * The values are not parsed again here: main's router parses every output against
 * the contract before it leaves main, and its event bus every payload on emit, so a
 * second parse on this side checked the same data with the same schemas and put zod
 * (a quarter of the renderer's JavaScript) on the first screen's path. The boundary
 * that needs the schemas is the other way, renderer to main, and main validates it.
 */
export function createBridge(transport: BridgeTransport): Bridge {
  return {
    async invoke(command, ...args) {
      const envelope = await transport.invoke(command, args[0]);
      if (!isEnvelope(envelope)) {
        throw new AppError('BAD_RESPONSE', `CoW Desk's main process sent a malformed answer to ${command}.`);
      }
      if (!envelope.ok) {
        const { code, message, retryable, details } = envelope.error;
        throw new AppError(code, message, { retryable, ...(details ? { details } : {}) });
      }
      return envelope.value as CommandOutput<typeof command>;
    },
    on(event, listener) {
      return transport.subscribe(event, (payload) => listener(payload as EventPayload<typeof event>));
    },
  };
}

/** The envelope's shape (envelope.ts), checked without its schema for the reason above. */
function isEnvelope(raw: unknown): raw is Envelope {
  if (typeof raw !== 'object' || raw === null) return false;
  const answer = raw as Record<string, unknown>;
  if (answer.ok === true) return 'value' in answer;
  if (answer.ok !== false || typeof answer.error !== 'object' || answer.error === null) return false;
  const error = answer.error as Record<string, unknown>;
  return typeof error.code === 'string' && typeof error.message === 'string' && typeof error.retryable === 'boolean';
}
