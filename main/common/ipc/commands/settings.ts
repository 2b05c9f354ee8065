import { z } from 'zod';
import { environmentSchema } from '../../protocol/environments';
import {
  connectionHealthSchema,
  connectionTestResultSchema,
  dataInfoSchema,
} from '../../settings/health-schema';
import {
  baseUrlSchema,
  chainIdSchema,
  configurableServiceSchema,
  settingsPatchSchema,
  settingsViewSchema,
  viewIdSchema,
} from '../../settings/settings-schema';

/** Settings, connection health and the local data section of the settings screen. */
export const settingsCommands = {
  'settings.get': { input: z.undefined(), output: settingsViewSchema },
  'settings.update': { input: settingsPatchSchema, output: settingsViewSchema },
  /** A null url goes back to the environment's default. */
  'settings.setEndpoint': {
    input: z.strictObject({ environment: environmentSchema, service: configurableServiceSchema, url: baseUrlSchema.nullable() }),
    output: settingsViewSchema,
  },
  /** Calls a cheap endpoint of the service at `url` (or the one in effect) and reports what happened. */
  'settings.testConnection': {
    input: z.strictObject({ environment: environmentSchema, service: configurableServiceSchema, url: baseUrlSchema.optional() }),
    output: connectionTestResultSchema,
  },
  /** Main asks the node for its chain id and refuses a node of another chain. */
  'settings.setRpcUrl': {
    input: z.strictObject({ chainId: chainIdSchema, url: baseUrlSchema.nullable() }),
    output: settingsViewSchema,
  },
  'health.status': { input: z.undefined(), output: connectionHealthSchema },
  /** Probe every service now instead of waiting for the next round. */
  'health.check': { input: z.undefined(), output: connectionHealthSchema },
  'data.info': { input: z.undefined(), output: dataInfoSchema },
  'data.export': { input: z.undefined(), output: z.strictObject({ path: z.string(), rows: z.number().int().nonnegative() }) },
  /** The renderer asks the user first; main insists on the typed confirmation too. */
  'data.deleteAll': {
    input: z.strictObject({ confirm: z.literal('delete', { message: 'Type "delete" to confirm.' }) }),
    output: dataInfoSchema,
  },
} as const;

export const settingsEvents = {
  'settings.changed': settingsViewSchema,
  'health.changed': connectionHealthSchema,
  /** The native menu asked the shell to show a view. */
  'shell.navigate': z.strictObject({ view: viewIdSchema }),
} as const;
