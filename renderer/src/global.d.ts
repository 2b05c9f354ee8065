import type { BridgeTransport } from '../../main/common/ipc/bridge';

declare global {
  interface Window {
    /** Installed by the Electron preload, or by loopback-transport.ts in the preview. */
    cowDesk: BridgeTransport;
  }
}
