/**
 * The one error type that crosses layers. Services throw it with a code the UI can
 * switch on, a message a person can act on, and whether trying again can help.
 * Anything else thrown in main is reported to the renderer as INTERNAL, without
 * its message or stack, so secrets and internals never cross the IPC boundary.
 */
export class AppError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: string,
    message: string,
    options: { retryable?: boolean; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.details = options.details;
  }
}
