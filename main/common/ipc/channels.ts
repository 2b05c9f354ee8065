/**
 * The two Electron IPC channels. Commands and events are multiplexed over them by
 * name, so adding a command never means writing a channel string by hand.
 */
export const IPC_CHANNELS = {
  invoke: 'cow-desk:invoke',
  event: 'cow-desk:event',
} as const;
