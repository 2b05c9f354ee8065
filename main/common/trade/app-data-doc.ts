import { z } from 'zod';
import { appDataHash, serializeAppData, type JsonValue } from '../protocol/app-data';
import { addressSchema } from '../protocol/api/primitives';
import { environmentSchema } from '../protocol/environments';

/** The appData schema version CoW Desk writes (the metadata keys below exist in it). */
export const APP_DATA_VERSION = '1.4.0';
export const APP_CODE = 'CoW Desk';

export const orderClassSchema = z.enum(['market', 'limit']);
export type OrderClass = z.infer<typeof orderClassSchema>;

const utmSchema = z.strictObject({
  utmSource: z.string().max(100).optional(),
  utmMedium: z.string().max(100).optional(),
  utmCampaign: z.string().max(100).optional(),
  utmContent: z.string().max(100).optional(),
  utmTerm: z.string().max(100).optional(),
});

/** What the composer knows about an order that belongs in its appData document. */
export const appDataInputSchema = z.strictObject({
  environment: environmentSchema,
  orderClass: orderClassSchema,
  /** Market orders only; a limit order has no quote to slip from. */
  slippageBips: z.number().int().min(0).max(10_000).nullable(),
  referrer: addressSchema.nullish(),
  utm: utmSchema.nullish(),
  /** The open order this one replaces (metadata replacedOrder): shown by CoW's explorer and the signing dialog. */
  replacedOrder: z.string().regex(/^0x[0-9a-fA-F]{112}$/).nullish(),
});
export type AppDataInput = z.infer<typeof appDataInputSchema>;

/** The document, before serialisation (metadata keys of protocol-notes.md). */
export function composeAppData(input: AppDataInput): { [key: string]: JsonValue } {
  const metadata: { [key: string]: JsonValue } = { orderClass: { orderClass: input.orderClass } };
  if (input.slippageBips !== null) metadata.quote = { slippageBips: input.slippageBips };
  if (input.referrer) metadata.referrer = { address: input.referrer };
  if (input.replacedOrder) metadata.replacedOrder = { uid: input.replacedOrder.toLowerCase() };
  const utm = Object.fromEntries(Object.entries(input.utm ?? {}).filter(([, value]) => value));
  if (Object.keys(utm).length > 0) metadata.utm = utm as JsonValue;
  return { appCode: APP_CODE, environment: input.environment, metadata, version: APP_DATA_VERSION };
}

/** The exact string that is hashed, signed and uploaded, and its hash. */
export function appDataFor(input: AppDataInput): { fullAppData: string; hash: `0x${string}` } {
  const fullAppData = serializeAppData(composeAppData(input));
  return { fullAppData, hash: appDataHash(fullAppData) };
}
