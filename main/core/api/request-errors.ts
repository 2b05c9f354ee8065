import { ApiError } from './api-error';
import { bffErrorBodySchema, feeAmountFromErrorData, orderbookErrorBodySchema } from '../../common/protocol/api';
import { describeApiError } from '../../common/protocol/error-messages';
import { formatDuration } from '../../common/format/format';
import { formatMilliseconds } from './bounded-fetch';

/**
 * A state-changing request whose fate is unknown at its deadline: it may have
 * reached the service. Resolve it by the order's UID; never sign again.
 */
export class OutcomeUnclearError extends ApiError {
  constructor(what: 'order' | 'cancellation', host: string, cause: ApiError) {
    super({
      code: 'OUTCOME_UNCLEAR',
      message:
        what === 'order'
          ? `${host} did not confirm the order in time (${cause.message}). It may have been placed: do not sign again; CoW Desk checks it by its UID.`
          : `${host} did not confirm the cancellation in time (${cause.message}). It may have gone through: CoW Desk checks the order's status.`,
      retryable: false,
      ...(cause.status !== undefined ? { status: cause.status } : {}),
      cause,
    });
    this.name = 'OutcomeUnclearError';
  }
}

/**
 * The request's deadline passed (`budgetMs`: the user action's, or a
 * background request's); for a state-changing request already sent, its
 * outcome is unclear.
 */
export function deadlineError(
  req: { url: string; endpoint: string; changes?: 'order' | 'cancellation' },
  budgetMs: number,
  forUser: boolean,
  last: ApiError | undefined,
): ApiError {
  const host = new URL(req.url).host;
  // Unclear only when something was sent: a request still waiting for its turn never reached the service.
  if (req.changes && last) return new OutcomeUnclearError(req.changes, host, last);
  if (req.changes) {
    return new ApiError({
      code: 'DEADLINE_EXCEEDED',
      message: `The deadline passed before ${req.endpoint} could be sent to ${host}; nothing was sent. Try again when the service is healthy.`,
      retryable: true,
    });
  }
  const limit = `${formatMilliseconds(budgetMs)}, the limit for ${forUser ? 'this action' : 'a background request'}`;
  const why = last && last.code !== 'TIMEOUT' ? ` The last answer: ${last.message}` : '';
  return new ApiError({
    code: 'DEADLINE_EXCEEDED',
    message: `${host} ${why ? 'gave no usable answer to' : 'did not answer'} ${req.endpoint} within ${limit}, so CoW Desk stopped waiting.${why}`,
    retryable: true,
    ...(last?.status !== undefined ? { status: last.status } : {}),
  });
}

/**
 * Health said offline and the one quick attempt failed too. Said once: the
 * attempt's own message named the host and the reassurance again.
 */
export function offlineError(req: { url: string; endpoint: string; changes?: 'order' | 'cancellation' }, cause: ApiError): ApiError {
  const host = new URL(req.url).host;
  const why = cause.code === 'NETWORK' ? 'it cannot be reached' : cause.code === 'TIMEOUT' ? 'it does not answer in time' : cause.message.replace(/\.$/, '');
  return new ApiError({
    code: 'OFFLINE',
    message: `${host} is offline: ${why}. CoW Desk works from its local data meanwhile, keeps checking, and this works again by itself once the service answers.`,
    retryable: true,
    ...(cause.status !== undefined ? { status: cause.status } : {}),
    cause,
  });
}


/**
 * A 429 asking for a longer wait than CoW Desk honours from any server
 * (DEADLINES.retryAfterCapMs): the service is unavailable now. Its requests
 * are held for the cap only, so it is tried again by itself after that.
 */
export function unavailableNow(req: { url: string; endpoint: string }, toldMs: number, capMs: number): ApiError {
  const host = new URL(req.url).host;
  return new ApiError({
    code: 'SERVICE_UNAVAILABLE',
    message: `${host} is unavailable now: it refused ${req.endpoint} and asked CoW Desk to wait ${formatDuration(toldMs / 1000)}, longer than the ${formatMilliseconds(capMs)} it waits for any service. Nothing was changed; CoW Desk tries the service again after ${formatMilliseconds(capMs)}.`,
    retryable: true,
    status: 429,
  });
}

/** An answer that does not match its schema: nothing was changed with it. */
export function badResponseError(endpoint: string, status: number): ApiError {
  return new ApiError({
    code: 'BAD_RESPONSE',
    message: `The service answered ${endpoint} with data CoW Desk does not understand; nothing was changed.`,
    retryable: false,
    status,
  });
}

/** Reads `{errorType, description}` (orderbook), `{message}` (token service) or plain text. */
export function errorFromResponse(status: number, body: unknown, retryAfter: string | null, context: { vaultRelayer?: string; sellToken?: { symbol: string; decimals: number } } | undefined): ApiError {
  const orderbook = orderbookErrorBodySchema.safeParse(body);
  const tokenService = bffErrorBodySchema.safeParse(body);
  const errorType = orderbook.success ? orderbook.data.errorType : undefined;
  const description = orderbook.success
    ? orderbook.data.description
    : tokenService.success
      ? tokenService.data.message
      : typeof body === 'string' && body.trim() !== ''
        ? body.trim().slice(0, 300)
        : undefined;
  const retryAfterSeconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  const feeAmount = orderbook.success ? feeAmountFromErrorData(orderbook.data.data) : undefined;
  const { message, retryable } = describeApiError(errorType, status, {
    ...(feeAmount ? { feeAmount } : {}),
    ...(description ? { description } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    ...(context?.vaultRelayer ? { vaultRelayer: context.vaultRelayer } : {}),
    ...(context?.sellToken ? { sellToken: context.sellToken } : {}),
  });
  return new ApiError({
    code: errorType ?? `HTTP_${status}`,
    message,
    retryable,
    status,
    ...(errorType ? { errorType } : {}),
    ...(description ? { description } : {}),
  });
}
