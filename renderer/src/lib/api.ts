import { createBridge } from '../../../main/common/ipc/bridge';

/** The typed IPC bridge every view calls; main does all I/O behind it. */
export const api = createBridge(window.cowDesk);
