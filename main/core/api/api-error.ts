import { AppError } from '../../common/errors';

/**
 * A failed call to a CoW service. `code` is the service's errorType when it sent
 * one (an open string: the published enums are incomplete), else a client code
 * (HTTP_404, NETWORK, BAD_RESPONSE...). The message tells the user what to do.
 */
export class ApiError extends AppError {
  readonly status: number | undefined;
  readonly errorType: string | undefined;
  readonly description: string | undefined;

  constructor(options: {
    code: string;
    message: string;
    retryable: boolean;
    status?: number;
    errorType?: string;
    description?: string;
    cause?: unknown;
  }) {
    super(options.code, options.message, {
      retryable: options.retryable,
      cause: options.cause,
      details: {
        ...(options.status !== undefined ? { status: options.status } : {}),
        ...(options.errorType ? { errorType: options.errorType } : {}),
        ...(options.description ? { description: options.description } : {}),
      },
    });
    this.name = 'ApiError';
    this.status = options.status;
    this.errorType = options.errorType;
    this.description = options.description;
  }
}
