/**
 * The main views of the shell, in navigation order. Shared by the renderer
 * (sidebar, palette, shortcuts) and the Electron menu (Go menu accelerators), so
 * the digit shortcut of a view is the same wherever the user presses it.
 */
export const VIEWS = [
  { id: 'pools', label: 'Pools', key: '1' },
  { id: 'holders', label: 'Holders', key: '2' },
  { id: 'trade', label: 'Trade', key: '3' },
  { id: 'history', label: 'History', key: '4' },
  { id: 'notifications', label: 'Notifications', key: '5' },
  { id: 'accounts', label: 'Accounts', key: '6' },
  { id: 'settings', label: 'Settings', key: ',' },
] as const;

/** Its schema (viewIdSchema) is in settings-schema.ts: the shell reads this file, and needs no zod for it. */
export type ViewId = (typeof VIEWS)[number]['id'];
export const DEFAULT_VIEW: ViewId = 'trade';
