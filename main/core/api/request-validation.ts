import type { z } from 'zod';
import { AppError } from '../../common/errors';

/**
 * Validates what we are about to send, before anything is sent, with a message
 * that names the field: a malformed address or amount is the caller's to fix,
 * not an internal error.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || what}: ${issue.message}`).join('; ');
  throw new AppError('INVALID_REQUEST', `The ${what} is invalid: ${problems}.`);
}
