import type { z } from 'zod';
import { accountCommands, accountEvents } from './commands/accounts';
import { appCommands, appEvents } from './commands/app';
import { historyCommands, historyEvents } from './commands/history';
import { marketCommands } from './commands/market';
import { notificationCommands, notificationEvents } from './commands/notifications';
import { settingsCommands, settingsEvents } from './commands/settings';
import { signingCommands } from './commands/signing';
import { tradeCommands, tradeEvents } from './commands/trade';
import { tokenCommands, tokenEvents } from './commands/tokens';
import { walletCommands, walletEvents } from './commands/wallet';

/**
 * The whole IPC surface between the renderer and main, composed from one file
 * per domain under ./commands. Every command names the zod schema of its input
 * and output, every event the schema of its payload; main validates both
 * directions against this object, and the renderer's types are inferred from it.
 */
export const contract = {
  commands: { ...appCommands, ...accountCommands, ...signingCommands, ...settingsCommands, ...marketCommands, ...historyCommands, ...tradeCommands, ...notificationCommands, ...tokenCommands, ...walletCommands },
  events: { ...appEvents, ...accountEvents, ...settingsEvents, ...historyEvents, ...tradeEvents, ...notificationEvents, ...tokenEvents, ...walletEvents },
} as const;

export type Contract = typeof contract;
export type CommandName = keyof Contract['commands'];
export type EventName = keyof Contract['events'];
export type CommandInput<C extends CommandName> = z.input<Contract['commands'][C]['input']>;
export type CommandOutput<C extends CommandName> = z.output<Contract['commands'][C]['output']>;
export type EventPayload<E extends EventName> = z.output<Contract['events'][E]>;

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(contract.commands, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(contract.events, name);
}
