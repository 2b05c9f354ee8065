import { HttpRequestError, TimeoutError, type Hex, type PublicClient } from 'viem';

/**
 * What became of one eth_sendRawTransaction:
 * - sent: the node took it (or already had it: a rebroadcast of the same bytes);
 * - lost: no answer (timeout, connection): it may or may not have arrived, so
 *   the journal keeps the bytes and sends them again later;
 * - rejected: the node answered that it will never take these bytes.
 */
export type BroadcastOutcome = { kind: 'sent' } | { kind: 'lost' } | { kind: 'rejected'; reason: string };

/** Node answers meaning "I have it already" or "its nonce is used": not a rejection of the intent. */
const ALREADY_THERE = /already known|known transaction|already imported|nonce too low|nonce is too low|already exists/i;

export async function sendRaw(client: PublicClient, raw: Hex): Promise<BroadcastOutcome> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return { kind: 'sent' };
  } catch (error) {
    if (isLost(error)) return { kind: 'lost' };
    const message = errorText(error);
    if (ALREADY_THERE.test(message)) return { kind: 'sent' };
    return { kind: 'rejected', reason: `The node refused the transaction: ${message.split('\n')[0]}` };
  }
}

function isLost(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof TimeoutError || (cause instanceof HttpRequestError && cause.status === undefined)) return true;
  }
  return false;
}

function errorText(error: unknown): string {
  const texts: string[] = [];
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    texts.push((cause as { details?: string }).details ?? (cause as { shortMessage?: string }).shortMessage ?? cause.message);
  }
  return texts.join(' / ') || String(error);
}
