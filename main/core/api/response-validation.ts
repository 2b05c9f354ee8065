import { setImmediate } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

/** Main-thread time one slice of a long list's validation may take before the event loop runs. */
const VALIDATION_SLICE_MS = 4;

/**
 * The response's schema applied to its body. A list (a page of 1000 orders
 * takes 60-200 ms to check at once) is checked an element at a time, yielding
 * to the event loop every VALIDATION_SLICE_MS, so IPC is answered meanwhile;
 * the result is what the list schema's safeParse would give.
 */
export async function validate<T>(schema: z.ZodType<T>, body: unknown, signal?: AbortSignal): Promise<{ success: true; data: T } | { success: false }> {
  if (!(schema instanceof z.ZodArray) || !Array.isArray(body) || (schema.def.checks ?? []).length > 0) return schema.safeParse(body);
  const element = schema.element as z.ZodType;
  const data: unknown[] = [];
  let sliceStart = performance.now();
  for (const item of body) {
    const parsed = element.safeParse(item);
    if (!parsed.success) return { success: false };
    data.push(parsed.data);
    if (performance.now() - sliceStart >= VALIDATION_SLICE_MS) {
      await setImmediate();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  return { success: true, data: data as T };
}
