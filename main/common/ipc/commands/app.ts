import { z } from 'zod';
import { healthReportSchema } from '../health-schemas';

/** About/health: what the app is, which environment it talks to, whether its store is usable. */
export const appCommands = {
  'app.health': { input: z.undefined(), output: healthReportSchema },
} as const;

export const appEvents = {
  'app.healthChanged': healthReportSchema,
} as const;
