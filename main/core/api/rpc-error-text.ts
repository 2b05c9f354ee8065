import { AppError } from '../../common/errors';

/**
 * What went wrong with a JSON-RPC call, in one line. viem wraps every failure
 * of its `fetchFn` in a generic "HTTP request failed."; when the cause is one
 * of CoW Desk's own bounds (too large, nested too deep, too slow, a refused
 * redirect), that cause's words say what the node did, so they win.
 */
export function rpcErrorText(error: unknown): string {
  for (let cause = error, hops = 0; cause instanceof Error && hops < 8; cause = cause.cause, hops += 1) {
    if (cause instanceof AppError) return cause.message;
  }
  const text = error instanceof Error ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  return text.split('\n')[0] ?? text;
}
