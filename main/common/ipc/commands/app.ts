import { z } from 'zod';
import { healthReportSchema } from '../health-schemas';
import { updateStatusSchema } from '../../update-status';

/** About/health: what the app is, which environment it talks to, whether its store is usable. */
export const appCommands = {
  'app.health': { input: z.undefined(), output: healthReportSchema },
} as const;

export const appEvents = {
  'app.healthChanged': healthReportSchema,
  /** The app's self-update: checking, downloading with progress, ready to install on quit, offline. */
  'app.updateStatus': updateStatusSchema,
} as const;
