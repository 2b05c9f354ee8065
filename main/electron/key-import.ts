import { ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron';
import { IPC_CHANNELS } from '../common/ipc/channels';
import { isTrustedSender } from '../common/ipc/sender-policy';
import type { Services } from '../core/services';

/**
 * The app's key import. The page's preload puts the key on a MessagePort and
 * sends the other end here with the import's label and vault; main hands that
 * port, unread (never started, no listener), to the signer process with the
 * request, so the key goes renderer -> signer and never through main's
 * JavaScript. The answer (the account, or the error) goes back by id.
 */
export function attachKeyImport(services: Pick<Services, 'importKeyThroughPort'>, window: BrowserWindow): () => void {
  const listener = (event: IpcMainEvent, message: unknown) => {
    const [port] = event.ports;
    const frame = event.senderFrame;
    const trusted = event.sender === window.webContents && isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null);
    const { id, input } = (message ?? {}) as { id?: unknown; input?: unknown };
    if (!trusted || !port || typeof id !== 'number') {
      port?.close();
      return;
    }
    void services.importKeyThroughPort(input, port).then((answer) => {
      if (!window.isDestroyed()) window.webContents.send(IPC_CHANNELS.keyImported, id, answer);
    });
  };
  ipcMain.on(IPC_CHANNELS.importKey, listener);
  return () => ipcMain.removeListener(IPC_CHANNELS.importKey, listener);
}
