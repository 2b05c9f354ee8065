import type { Component } from 'svelte';
import { VIEWS, type ViewId } from '../../../main/common/settings/views';

/** Each view is its own chunk, loaded when first shown: the first screen does not wait for the other six. */
const VIEW_LOADERS: Record<ViewId, () => Promise<{ default: Component }>> = {
  pools: () => import('../views/Pools.svelte'),
  holders: () => import('../views/Holders.svelte'),
  trade: () => import('../views/Trade.svelte'),
  history: () => import('../views/History.svelte'),
  notifications: () => import('../views/Notifications.svelte'),
  accounts: () => import('../views/Accounts.svelte'),
  settings: () => import('../views/Settings.svelte'),
};

const loaded = new Map<ViewId, Promise<Component>>();

export function loadView(view: ViewId): Promise<Component> {
  let component = loaded.get(view);
  if (!component) loaded.set(view, (component = VIEW_LOADERS[view]().then((module) => module.default)));
  return component;
}

/**
 * After the first view shows, the others load one at a time when the browser is idle (each in its own
 * idle period, so none competes with the first screen's work), and a view opened before then loads at
 * once: switching rarely waits on a chunk, and start-up fetches only what the first view needs.
 */
export function loadViewsWhenIdle(): void {
  if (idleLoading) return;
  idleLoading = true;
  const next = () => {
    const view = VIEWS.find((candidate) => !loaded.has(candidate.id));
    if (view) requestIdleCallback(() => void loadView(view.id).finally(next));
  };
  next();
}
let idleLoading = false;

export const IS_MAC = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
export const MOD_LABEL = IS_MAC ? '⌘' : 'Ctrl+';

export function shortcutLabel(key: string): string {
  return `${MOD_LABEL}${key}`;
}

/** The view a Ctrl/Cmd shortcut key opens, if any. */
export function viewForKey(key: string): ViewId | undefined {
  return VIEWS.find((view) => view.key === key)?.id;
}
