import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { z } from 'zod';
import type { SettingsService } from '../core/settings/settings-service';

/** Size and position of the main window; the last view is a setting of its own (settings.lastView). */
export const windowStateSchema = z.strictObject({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

const KEY = 'window';
const SAVE_DELAY_MS = 500;

/**
 * Restores the window where the user left it, unless that place is no longer
 * on any screen (a monitor was unplugged): then the default size, centred.
 */
export function restoredBounds(settings: SettingsService, fallback: { width: number; height: number }): Partial<Rectangle> & { maximized: boolean } {
  const saved = settings.readInternal<WindowState | null>(KEY, windowStateSchema.nullable(), null);
  if (!saved) return { ...fallback, maximized: false };
  const visible = screen.getAllDisplays().some(({ workArea }) => intersects(workArea, saved));
  if (!visible) return { width: saved.width, height: saved.height, maximized: saved.maximized };
  return saved;
}

/** Saves the normal (not maximised) bounds shortly after every move or resize, and on close. */
export function trackWindowState(window: BrowserWindow, settings: SettingsService): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    if (window.isDestroyed() || window.isMinimized()) return;
    const bounds = window.getNormalBounds();
    settings.writeInternal(KEY, windowStateSchema, { ...bounds, maximized: window.isMaximized() });
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event as 'resize', later);
  window.on('close', save);
}

function intersects(area: Rectangle, bounds: Rectangle): boolean {
  return bounds.x < area.x + area.width && bounds.x + bounds.width > area.x && bounds.y < area.y + area.height && bounds.y + bounds.height > area.y;
}
