/**
 * The Electron IPC channels. Commands and events are multiplexed over them by
 * name, so adding a command never means writing a channel string by hand.
 */
export const IPC_CHANNELS = {
  invoke: 'cow-desk:invoke',
  event: 'cow-desk:event',
  /** A key import: its input, with a MessagePort whose other end carries the key to the signer process. */
  importKey: 'cow-desk:import-key',
  /** The answer to an importKey message, by its id. */
  keyImported: 'cow-desk:key-imported',
} as const;
