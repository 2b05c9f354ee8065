import { contract, type EventName, type EventPayload } from '../../common/ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

/**
 * Events from services to every connected renderer. Payloads are validated
 * against the contract on emit, so a service bug surfaces in main, not as a
 * half-drawn screen.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const valid = contract.events[event].parse(payload);
    for (const listener of this.listeners) listener(event, valid);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
