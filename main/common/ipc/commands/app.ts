import { z } from 'zod';
import { healthReportSchema } from '../health-schemas';
import { updateStatusSchema } from '../../update-status';

/** About/health: what the app is, which environment it talks to, whether its store is usable. */
export const appCommands = {
  'app.health': { input: z.undefined(), output: healthReportSchema },
  /**
   * A damaged store moved aside and a fresh one made, keeping settings, accounts and the journals; the app
   * restarts on it and syncs the orders again.
   */
  'app.rebuildStore': {
    input: z.undefined(),
    output: z.strictObject({ movedTo: z.string(), kept: z.record(z.string(), z.number().int().nonnegative()) }),
  },
  /** Another folder for the app's data from the next start on (the app restarts into it). */
  'app.useDataFolder': {
    input: z.strictObject({ folder: z.string().trim().min(1, 'Name a folder.').max(4096) }),
    output: z.strictObject({ folder: z.string() }),
  },
} as const;

export const appEvents = {
  'app.healthChanged': healthReportSchema,
  /** The app's self-update: checking, downloading with progress, ready to install on quit, offline. */
  'app.updateStatus': updateStatusSchema,
} as const;
