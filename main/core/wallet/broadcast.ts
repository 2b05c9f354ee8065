import { BaseError, RpcRequestError, type Hex, type PublicClient } from 'viem';
import { nodeProblem } from './node-errors';

/**
 * What became of one eth_sendRawTransaction:
 * - sent: the node took it (or already had it: a rebroadcast of the same bytes);
 * - unclear: the bytes left but no honest answer came back (a timeout, a reset
 *   connection, a 502/500/429 from a proxy that may have forwarded them, an
 *   unreadable body). It may be mined: the journal keeps the bytes, settles
 *   the transaction from the chain by hash and nonce, and sends the same bytes
 *   again, never a new signature;
 * - rejected: the node itself answered, in JSON-RPC, that it will not take these
 *   bytes, and it does not know them either.
 */
export type BroadcastOutcome = { kind: 'sent' } | { kind: 'unclear'; reason: string } | { kind: 'rejected'; reason: string };

/** Node answers meaning "I have it already" or "its nonce is used": not a rejection of the intent. */
const ALREADY_THERE = /already known|known transaction|already imported|nonce too low|nonce is too low|already exists/i;

export async function sendRaw(client: PublicClient, raw: Hex, hash: Hex, node: string): Promise<BroadcastOutcome> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return { kind: 'sent' };
  } catch (error) {
    const message = errorText(error);
    if (ALREADY_THERE.test(message)) return { kind: 'sent' };
    if (!answeredInJsonRpc(error)) {
      return { kind: 'unclear', reason: `The transaction was sent but ${nodeProblem(node, error)} CoW Desk checks the chain for it and sends the same bytes again; it does not sign another.` };
    }
    // A node that mined it and still answered an error (a reverting transaction on some nodes) knows the hash.
    const known = await client.getTransaction({ hash }).then(
      () => true,
      () => false,
    );
    if (known) return { kind: 'sent' };
    return { kind: 'rejected', reason: `${node} refused the transaction: ${message.split('\n')[0]}` };
  }
}

/** True when the node answered with a JSON-RPC error object, rather than an HTTP failure or silence. */
function answeredInJsonRpc(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof RpcRequestError) !== null && !httpStatusOf(error);
}

/** A JSON-RPC error that came with a non-2xx status was written by a proxy as much as by a node: unclear. */
function httpStatusOf(error: BaseError): number | undefined {
  const found = error.walk((cause) => cause instanceof RpcRequestError) as (RpcRequestError & { status?: number }) | null;
  return found?.status !== undefined && found.status >= 300 ? found.status : undefined;
}

function errorText(error: unknown): string {
  const texts: string[] = [];
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    texts.push((cause as { details?: string }).details ?? (cause as { shortMessage?: string }).shortMessage ?? cause.message);
  }
  return texts.join(' / ') || String(error);
}
