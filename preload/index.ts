import { contextBridge, ipcRenderer } from 'electron';
import type { BridgeTransport } from '../main/common/ipc/bridge';
import { IPC_CHANNELS } from '../main/common/ipc/channels';

// Exposes only the transport: the renderer builds the typed bridge on top of it
// (see main/common/ipc/bridge.ts for why envelopes, not thrown errors, cross here).
const transport: BridgeTransport = {
  invoke: (command, input) => ipcRenderer.invoke(IPC_CHANNELS.invoke, command, input),
  subscribe(event, listener) {
    const handler = (_sender: unknown, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_CHANNELS.event, handler);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.event, handler);
  },
};

contextBridge.exposeInMainWorld('cowDesk', transport);
