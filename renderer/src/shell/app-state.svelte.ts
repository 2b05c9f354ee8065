import { AppError } from '../../../main/common/errors';
import type { ConnectionHealth } from '../../../main/common/settings/health-schema';
import type { SettingsPatch, SettingsView } from '../../../main/common/settings/settings-schema';
import { DEFAULT_VIEW, type ViewId } from '../../../main/common/settings/views';
import { api } from '../lib/api';

/**
 * What the shell shows, fed by main: settings and connection health arrive with
 * the first answer and then with every change event, so a change made anywhere
 * (another view, the menu, main itself) shows everywhere without a reload.
 */
export const shell = $state({
  settings: null as SettingsView | null,
  health: null as ConnectionHealth | null,
  view: DEFAULT_VIEW as ViewId,
  paletteOpen: false,
  loadError: null as string | null,
});

export function connectShell(): () => void {
  api.invoke('settings.get').then(
    (view) => {
      shell.settings = view;
      shell.view = view.settings.lastView;
    },
    (error: unknown) => (shell.loadError = humanError(error)),
  );
  api.invoke('health.status').then((health) => (shell.health = health), () => undefined);
  const stops = [
    api.on('settings.changed', (view) => (shell.settings = view)),
    api.on('health.changed', (health) => (shell.health = health)),
    api.on('shell.navigate', ({ view }) => navigate(view)),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Shows a view and remembers it, so the next start opens where the user left off. */
export function navigate(view: ViewId): void {
  shell.view = view;
  shell.paletteOpen = false;
  const patch: SettingsPatch = { lastView: view };
  // Choosing a view is choosing where to start: the first-run screen has done its job.
  if (shell.settings && !shell.settings.settings.onboarded) patch.onboarded = true;
  void updateSettings(patch).catch(() => undefined);
}

/**
 * Settings writes go to main one after the other, in the order the user made them. Sent at once
 * (over the preview's loopback bridge each call is its own HTTP request) they could arrive out of
 * order, and an earlier click's write win: "Skip for now" then Ctrl+4 reopened on Trade.
 */
let lastWrite: Promise<unknown> = Promise.resolve();

export function updateSettings(patch: SettingsPatch): Promise<SettingsView> {
  const write = lastWrite.then(() => api.invoke('settings.update', patch));
  lastWrite = write.catch(() => undefined);
  return write.then((view) => (shell.settings = view));
}

/** The message a person should read: for invalid input, just the rule that was broken. */
export function humanError(error: unknown): string {
  if (error instanceof AppError) {
    const issues = error.details?.issues;
    if (error.code === 'INVALID_INPUT' && Array.isArray(issues) && issues.length > 0) {
      return issues.map((issue) => String((issue as { message?: unknown }).message)).join(' ');
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
