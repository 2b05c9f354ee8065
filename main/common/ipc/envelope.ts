import { z } from 'zod';

/** What every command answers, whichever transport carried it. */
export const ipcErrorSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type IpcErrorBody = z.infer<typeof ipcErrorSchema>;

export type Envelope<T = unknown> = { ok: true; value: T } | { ok: false; error: IpcErrorBody };

export const envelopeSchema = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: ipcErrorSchema }),
]);
