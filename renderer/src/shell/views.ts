import type { Component } from 'svelte';
import { VIEWS, type ViewId } from '../../../main/common/settings/views';
import Accounts from '../views/Accounts.svelte';
import Settings from '../views/Settings.svelte';
import Pools from '../views/Pools.svelte';
import Holders from '../views/Holders.svelte';
import Trade from '../views/Trade.svelte';
import History from '../views/History.svelte';
import Notifications from '../views/Notifications.svelte';

export const VIEW_COMPONENTS: Record<ViewId, Component> = {
  pools: Pools,
  holders: Holders,
  trade: Trade,
  history: History,
  notifications: Notifications,
  accounts: Accounts,
  settings: Settings,
};

export const IS_MAC = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
export const MOD_LABEL = IS_MAC ? '⌘' : 'Ctrl+';

export function shortcutLabel(key: string): string {
  return `${MOD_LABEL}${key}`;
}

/** The view a Ctrl/Cmd shortcut key opens, if any. */
export function viewForKey(key: string): ViewId | undefined {
  return VIEWS.find((view) => view.key === key)?.id;
}
