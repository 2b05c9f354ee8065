import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import { AppError } from '../../common/errors';
import { chainName } from '../../common/protocol/chains';

/**
 * The node in words: its chain and host. Only the host: a JSON-RPC URL often
 * carries an API key in its path, which never goes into a message or a log.
 */
export function nodeName(chainId: number, url: string | undefined): string {
  let host = 'its configured URL';
  try {
    if (url) host = new URL(url).host;
  } catch {
    // An unparsable URL is named by the chain alone.
  }
  return `the ${chainName(chainId)} node at ${host}`;
}

/** What went wrong with a call to `node`, as one sentence that names it. */
export function nodeProblem(node: string, error: unknown): string {
  const own = appErrorIn(error);
  if (own) return `${node} failed: ${own.message}`;
  if (error instanceof BaseError) {
    const timeout = error.walk((cause) => cause instanceof TimeoutError);
    if (timeout) return `${node} did not answer in time.`;
    const http = error.walk((cause) => cause instanceof HttpRequestError) as HttpRequestError | null;
    if (http?.status !== undefined) return `${node} answered HTTP ${http.status}${http.status === 429 ? ' (too many requests)' : ''}.`;
    if (http) return `${node} could not be reached (${reasonOf(http.cause) ?? 'connection failed'}).`;
    const rpc = error.walk((cause) => cause instanceof RpcRequestError) as RpcRequestError | null;
    if (rpc) return `${node} answered with an error: ${rpc.details.split('\n')[0]}.`;
    return `${node} gave an answer CoW Desk could not use (${error.shortMessage}).`;
  }
  return `${node} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`;
}

/**
 * Any failure of a node call as the error the user reads: an AppError of the
 * wallet passes as it is, everything from the transport becomes words naming
 * the node (never "internal error").
 */
export function asNodeError(node: string, error: unknown): AppError {
  if (error instanceof AppError && !isTransportCode(error.code)) return error;
  const sentence = nodeProblem(node, error);
  return new AppError('RPC_UNAVAILABLE', `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} Try again once it answers, or set another JSON-RPC URL in Settings → Networks.`, {
    retryable: true,
    cause: error,
  });
}

/**
 * True when the node (or the way to it) failed, rather than the node answering: a timeout, an HTTP
 * error, a reset, a body too large, a busy node. A revert or an empty answer is the node answering.
 */
export function isNodeFailure(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof HttpRequestError || cause instanceof TimeoutError) return true;
    if (cause instanceof AppError && isTransportCode(cause.code)) return true;
    if (cause instanceof RpcRequestError && (cause.status ?? 200) >= 300) return true;
  }
  return false;
}

/** Codes of a transport that failed (bounded-fetch, the Retry-After cap): they get the node's name. */
const TRANSPORT_CODES = new Set(['TIMEOUT', 'RESPONSE_TOO_LARGE', 'NODE_BUSY']);
const isTransportCode = (code: string) => TRANSPORT_CODES.has(code);

function appErrorIn(error: unknown): AppError | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
  }
  return undefined;
}

function reasonOf(cause: unknown): string | undefined {
  for (let current: unknown = cause; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return cause instanceof Error ? cause.message.split('\n')[0] : undefined;
}
