import { z } from 'zod';
import { AppError } from '../errors';
import { CHAINS } from '../protocol/chains';
import { validateBaseUrl } from '../protocol/endpoints';
import { environmentSchema } from '../protocol/environments';
import { DEFAULT_VIEW, VIEWS, type ViewId } from './views';

/** A view the shell can show (settings/views.ts lists them). */
export const viewIdSchema = z.enum(VIEWS.map((view) => view.id) as [ViewId, ...ViewId[]]);

/** The services whose base URL a user may change (the explorer follows the environment). */
export const configurableServiceSchema = z.enum(['orderbook', 'tokenService']);
export type ConfigurableService = z.infer<typeof configurableServiceSchema>;
export const SERVICE_LABELS: Readonly<Record<ConfigurableService, string>> = {
  orderbook: 'Orderbook',
  tokenService: 'Token service',
};

/** validateBaseUrl's rule (https, or http to this machine) with its message as the zod issue. */
export const baseUrlSchema = z.string().transform((value, ctx) => {
  try {
    return validateBaseUrl(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof AppError ? error.message : `"${value}" is not a valid URL.` });
    return z.NEVER;
  }
});

export const chainIdSchema = z
  .number({ message: 'A chain is chosen by its numeric id.' })
  .int()
  .refine((id) => CHAINS.some((chain) => chain.id === id), {
    error: (issue) => `Chain ${String(issue.input)} is not supported. Supported chains: ${CHAINS.map((c) => `${c.id} (${c.name})`).join(', ')}.`,
  });

export const enabledChainsSchema = z
  .array(chainIdSchema)
  .min(1, 'Enable at least one chain: CoW Desk needs a chain to show pools, orders and prices.')
  .transform((ids) => CHAINS.map((chain) => chain.id).filter((id) => ids.includes(id)));

// The lists below are plain data, so the Settings screen that lists them loads no zod (issue 35).
export const THEMES = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

/** Per environment, the user's base URL per service; absent means the environment's default. */
export const endpointOverridesSchema = z.strictObject({
  production: z.strictObject({ orderbook: baseUrlSchema.optional(), tokenService: baseUrlSchema.optional() }),
  staging: z.strictObject({ orderbook: baseUrlSchema.optional(), tokenService: baseUrlSchema.optional() }),
});

/** Chain id (as a string key, JSON has no numeric keys) -> JSON-RPC URL. */
export const rpcUrlsSchema = z.record(z.string().regex(/^\d+$/), baseUrlSchema);

export const NOTIFICATION_PREFS = ['filled', 'partiallyFilled', 'expired', 'cancelled', 'priceImprovement', 'insufficientBalance'] as const;
export const notificationPrefSchema = z.enum(NOTIFICATION_PREFS);
export type NotificationPref = z.infer<typeof notificationPrefSchema>;
export const NOTIFICATION_PREF_LABELS: Readonly<Record<NotificationPref, string>> = {
  filled: 'Order filled',
  partiallyFilled: 'Order partially filled',
  expired: 'Order expired',
  cancelled: 'Order cancelled',
  priceImprovement: 'Price improved beyond the threshold',
  insufficientBalance: 'Balance too low for an open order',
};

export const notificationPrefsSchema = z.strictObject({
  events: z.strictObject({
    filled: z.boolean(),
    partiallyFilled: z.boolean(),
    expired: z.boolean(),
    cancelled: z.boolean(),
    priceImprovement: z.boolean(),
    // Added after the others: settings saved before it read as on, keeping the user's other choices.
    insufficientBalance: z.boolean().default(true),
  }),
  /** Keep recording events but show no desktop notification. */
  quietMode: z.boolean(),
  priceImprovementBps: z
    .number({ message: 'The threshold is a number of basis points.' })
    .int('The threshold is a whole number of basis points (1 bp = 0.01 %).')
    .min(1, 'The threshold must be at least 1 basis point.')
    .max(10_000, 'The threshold can be at most 10000 basis points (100 %).'),
  /** Keep watching orders in the tray after the window is closed. */
  backgroundWatching: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const settingsSchema = z.strictObject({
  environment: environmentSchema,
  endpoints: endpointOverridesSchema,
  enabledChains: enabledChainsSchema,
  activeChainId: chainIdSchema,
  /** Address of the account the views act for, or null before the first account exists. */
  activeAccount: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address: 0x followed by 40 hex digits').nullable(),
  rpcUrls: rpcUrlsSchema,
  notifications: notificationPrefsSchema,
  theme: themeSchema,
  lastView: viewIdSchema,
  /** The first-run screen was dismissed. */
  onboarded: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  environment: 'production',
  endpoints: { production: {}, staging: {} },
  enabledChains: CHAINS.map((chain) => chain.id),
  activeChainId: 1,
  activeAccount: null,
  rpcUrls: {},
  notifications: {
    events: { filled: true, partiallyFilled: true, expired: true, cancelled: true, priceImprovement: false, insufficientBalance: true },
    quietMode: false,
    priceImprovementBps: 50,
    backgroundWatching: true,
  },
  theme: 'system',
  lastView: DEFAULT_VIEW,
  onboarded: false,
};

/**
 * What settings.update accepts: any subset of the plain values (URLs have their
 * own commands). A key present with the value undefined (Electron's structured
 * clone keeps it) is refused in words; merged, it would erase the setting.
 */
export const settingsPatchSchema = settingsSchema
  .pick({ environment: true, enabledChains: true, activeChainId: true, activeAccount: true, notifications: true, theme: true, lastView: true, onboarded: true })
  .partial()
  .superRefine((patch, context) => {
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) context.addIssue({ code: 'custom', path: [key], message: 'no value was given; to keep the current setting, leave it out' });
    }
  });
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

const endpointsSchema = z.strictObject({ orderbook: z.string(), tokenService: z.string(), explorer: z.string() });

/** What the renderer sees: the settings plus the URLs in effect for every environment. */
export const settingsViewSchema = z.strictObject({
  settings: settingsSchema,
  effectiveEndpoints: z.strictObject({ production: endpointsSchema, staging: endpointsSchema }),
  defaultEndpoints: z.strictObject({ production: endpointsSchema, staging: endpointsSchema }),
  /** False when the database did not open: changes last until the app quits. */
  persisted: z.boolean(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;
