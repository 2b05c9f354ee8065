import { z } from 'zod';
import { environmentSchema } from '../../protocol/environments';
import { healthReportSchema } from '../health-schemas';

/** About/health: what the app is, which environment it talks to, whether its store is usable. */
export const appCommands = {
  'app.health': { input: z.undefined(), output: healthReportSchema },
  'app.setEnvironment': {
    input: z.strictObject({ environment: environmentSchema }),
    output: healthReportSchema,
  },
} as const;

export const appEvents = {
  'app.healthChanged': healthReportSchema,
} as const;
