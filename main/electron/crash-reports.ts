import { app, crashReporter } from 'electron';
import { z } from 'zod';
import type { Logger } from '../core/log';
import type { SettingsService } from '../core/settings/settings-service';

const UPLOAD_KEY = 'crashReports.upload';

/** The crash report server of this build (MAIN_VITE_CRASH_REPORT_URL at build time), or null. */
export function crashReportServer(): string | null {
  return import.meta.env.MAIN_VITE_CRASH_REPORT_URL || null;
}

/**
 * Crash dumps of every process are written to the crashDumps folder of this
 * computer from the first moment (start is called before the app is ready);
 * nothing is sent anywhere. Runs before the settings can be read.
 */
export function startCrashReporter(): void {
  crashReporter.start({ submitURL: crashReportServer() ?? '', uploadToServer: false, compress: true, productName: 'CoW Desk' });
}

/** Whether the user opted in to sending crash reports (Help > Send Crash Reports). Off unless they did. */
export function crashUploadChosen(settings: SettingsService): boolean {
  return settings.readInternal(UPLOAD_KEY, z.boolean(), false);
}

/** Applies the stored choice once settings are readable, and logs where the dumps are. */
export function applyCrashUploadChoice(settings: SettingsService, log: Logger): void {
  const upload = crashReportServer() !== null && crashUploadChosen(settings);
  crashReporter.setUploadToServer(upload);
  log.info('crash reports', { dumps: app.getPath('crashDumps'), upload });
}

export function setCrashUpload(settings: SettingsService, log: Logger, upload: boolean): void {
  settings.writeInternal(UPLOAD_KEY, z.boolean(), upload);
  applyCrashUploadChoice(settings, log);
}
