import { ipcMain, type BrowserWindow } from 'electron';
import { IPC_CHANNELS } from '../common/ipc/channels';
import { isTrustedSender } from '../common/ipc/sender-policy';
import type { Services } from '../core/services';

/**
 * Connects the router to Electron IPC. Every call's sender is checked (our own
 * window, its main frame, on our own app:// page) before the router sees the call; events go
 * to the window's page only.
 */
export function attachIpcTransport(services: Pick<Services, 'router' | 'events'>, window: BrowserWindow): () => void {
  ipcMain.handle(IPC_CHANNELS.invoke, (event, command: unknown, input: unknown) => {
    const frame = event.senderFrame;
    const trusted =
      event.sender === window.webContents &&
      isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null);
    if (!trusted) {
      return { ok: false, error: { code: 'FORBIDDEN_SENDER', message: 'This page may not call CoW Desk.', retryable: false } };
    }
    return services.router.handle(command, input);
  });
  const unsubscribe = services.events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_CHANNELS.event, name, payload);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CHANNELS.invoke);
  };
}
