import { z } from 'zod';

/**
 * Connection health per service, as the status bar shows it. `checking` until
 * the first answer; `failing` when the service answers, but with server errors
 * or not as a CoW service would (a wrong base URL, for example).
 */
export const serviceStateSchema = z.enum(['checking', 'ok', 'slow', 'rate-limited', 'failing', 'offline']);
export type ServiceState = z.infer<typeof serviceStateSchema>;

export const serviceHealthSchema = z.strictObject({
  service: z.enum(['orderbook', 'tokenService']),
  label: z.string(),
  baseUrl: z.string(),
  state: serviceStateSchema,
  /** Duration of the last answered request. */
  latencyMs: z.number().nonnegative().nullable(),
  /** Epoch ms of the last successful answer. */
  lastOkAt: z.number().nullable(),
  lastCheckedAt: z.number().nullable(),
  /** The human message of the last failure, kept after recovery for the details. */
  lastError: z.string().nullable(),
  /** Epoch ms until which the service asked us to wait (429 Retry-After). */
  rateLimitedUntil: z.number().nullable(),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

export const connectionHealthSchema = z.strictObject({
  environment: z.enum(['production', 'staging']),
  services: z.array(serviceHealthSchema),
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

export const connectionTestResultSchema = z.strictObject({
  ok: z.boolean(),
  /** HTTP status, 0 when nothing answered. */
  status: z.number().int(),
  durationMs: z.number().nonnegative(),
  message: z.string(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const dataInfoSchema = z.strictObject({
  path: z.string(),
  /** Database file plus its WAL and shared-memory files. */
  sizeBytes: z.number().int().nonnegative(),
  available: z.boolean(),
});
export type DataInfo = z.infer<typeof dataInfoSchema>;
