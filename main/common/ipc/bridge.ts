import { AppError } from '../errors';
import {
  contract,
  isEventName,
  type CommandInput,
  type CommandName,
  type CommandOutput,
  type EventName,
  type EventPayload,
} from './contract';
import { envelopeSchema, type Envelope } from './envelope';

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
 * malformed answer is reported rather than trusted.
 */
export function createBridge(transport: BridgeTransport): Bridge {
  return {
    async invoke(command, ...args) {
      const raw = await transport.invoke(command, args[0]);
      const envelope = envelopeSchema.safeParse(raw);
      if (!envelope.success) {
        throw new AppError('BAD_RESPONSE', `CoW Desk's main process sent a malformed answer to ${command}.`);
      }
      if (!envelope.data.ok) {
        const { code, message, retryable, details } = envelope.data.error;
        throw new AppError(code, message, { retryable, ...(details ? { details } : {}) });
      }
      const output = contract.commands[command].output.safeParse(envelope.data.value);
      if (!output.success) {
        throw new AppError('BAD_RESPONSE', `CoW Desk's main process sent a malformed answer to ${command}.`);
      }
      return output.data as CommandOutput<typeof command>;
    },
    on(event, listener) {
      if (!isEventName(event)) throw new AppError('UNKNOWN_EVENT', `Unknown event "${String(event)}".`);
      const schema = contract.events[event];
      return transport.subscribe(event, (payload) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success) listener(parsed.data as EventPayload<typeof event>);
      });
    },
  };
}
