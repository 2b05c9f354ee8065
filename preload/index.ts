import { contextBridge, ipcRenderer } from 'electron';
import type { BridgeTransport } from '../main/common/ipc/bridge';
import { IPC_CHANNELS } from '../main/common/ipc/channels';
import type { Envelope } from '../main/common/ipc/envelope';

let lastImport = 0;

/**
 * accounts.importKey without the key crossing main: the key goes on a
 * MessagePort whose other end main passes, unread, to the signer process
 * (main/electron/key-import.ts); main gets the label and vault choice only.
 */
function importKey(input: unknown): Promise<Envelope> {
  const { privateKey, ...rest } = (input ?? {}) as { privateKey?: unknown };
  const id = ++lastImport;
  const { port1, port2 } = new MessageChannel();
  const answer = new Promise<Envelope>((resolve) => {
    const handler = (_sender: unknown, answerId: number, envelope: Envelope) => {
      if (answerId !== id) return;
      ipcRenderer.removeListener(IPC_CHANNELS.keyImported, handler);
      port1.close();
      resolve(envelope);
    };
    ipcRenderer.on(IPC_CHANNELS.keyImported, handler);
  });
  // Queued on the channel, it travels with port2 to whoever starts it: the signer.
  port1.postMessage({ privateKey });
  ipcRenderer.postMessage(IPC_CHANNELS.importKey, { id, input: rest }, [port2]);
  return answer;
}

// Exposes only the transport: the renderer builds the typed bridge on top of it
// (see main/common/ipc/bridge.ts for why envelopes, not thrown errors, cross here).
const transport: BridgeTransport = {
  invoke: (command, input) => (command === 'accounts.importKey' ? importKey(input) : ipcRenderer.invoke(IPC_CHANNELS.invoke, command, input)),
  subscribe(event, listener) {
    const handler = (_sender: unknown, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_CHANNELS.event, handler);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.event, handler);
  },
};

contextBridge.exposeInMainWorld('cowDesk', transport);
