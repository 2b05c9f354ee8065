import type { BridgeTransport } from '../../main/common/ipc/bridge';
import type { Envelope } from '../../main/common/ipc/envelope';

/**
 * The browser-preview stand-in for the Electron preload: the same transport
 * interface over HTTP to the loopback bridge that served this page. The per-run
 * token comes in the page URL, as the bridge printed it.
 */
const token = new URLSearchParams(location.search).get('token') ?? '';
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const stream = new EventSource(`/ipc/events?token=${encodeURIComponent(token)}`);
stream.onmessage = (message: MessageEvent<string>) => {
  const { event, payload } = JSON.parse(message.data) as { event: string; payload: unknown };
  listeners.get(event)?.forEach((listener) => listener(payload));
};

const transport: BridgeTransport = {
  async invoke(command, input): Promise<Envelope> {
    const response = await fetch('/ipc/invoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ command, input }),
    });
    if (!response.ok) {
      return {
        ok: false,
        error: { code: 'TRANSPORT', message: `The preview bridge refused the call (HTTP ${response.status}).`, retryable: false },
      };
    }
    return (await response.json()) as Envelope;
  },
  subscribe(event, listener) {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
};

window.cowDesk = transport;
