import type { Hex } from 'viem';
import type { OrderDraft, SignedOrder } from '../../common/ipc/commands/signing';
import type { OrderProgress, SubmitResult } from '../../common/ipc/commands/trade';
import { AppError } from '../../common/errors';
import type { OrderCreation } from '../../common/protocol/api';
import { explorerOrderUrl } from '../../common/protocol/explorers';
import type { Environment } from '../../common/protocol/environments';
import { parseOrderUid } from '../../common/protocol/order-uid';
import { recoverDigestSigner } from '../../common/protocol/signatures';
import { ApiError } from '../api/api-error';
import type { OrderbookClient } from '../api/orderbook-client';
import type { SubmissionJournal } from '../history/submission-journal';
import { buildOrder, type BuiltOrder } from '../signer/order-draft';

export interface SubmitDeps {
  orderbook: () => OrderbookClient;
  journal: SubmissionJournal;
  environment: () => Environment;
  explorerBase: () => string;
  nowSeconds: () => number;
}

const WRONG_SIGNER =
  'The signature does not come from the order owner (wrong signer). Sign with the account that owns the order; smart-contract wallets use presign.';

/**
 * An order of the same trade (account, chain, tokens, side) whose POST is still
 * unclear: a new signature would be a new UID, and both could fill. Null when
 * there is none, or when the user confirmed they want a second order.
 */
export function unclearTwin(journal: SubmissionJournal, draft: OrderDraft, uid: string): string | null {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const twin = journal
    .unconfirmed(draft.account, draft.chainId)
    .find((entry) => entry.uid !== uid && same(entry.body.sellToken, draft.sellToken) && same(entry.body.buyToken, draft.buyToken) && entry.body.kind === draft.kind);
  return twin?.uid ?? null;
}

/**
 * Sends one signed order, in the order that loses nothing: rebuild and check
 * what was signed, upload the appData (and check the server's hash), journal
 * the order under the UID computed here, POST it, and compare the UID the
 * service files it under with ours. Nothing is posted that was not journalled.
 */
export async function submitSigned(
  deps: SubmitDeps,
  draft: OrderDraft,
  signed: SignedOrder,
  quoteId: number | null,
  options: { acknowledgeUnclear?: boolean | undefined } = {},
): Promise<SubmitResult> {
  const environment = deps.environment();
  const built = buildOrder(draft, environment, deps.nowSeconds());
  if (built.uid !== signed.uid.toLowerCase() || signed.signingScheme !== draft.signingScheme) {
    throw new AppError('UID_MISMATCH', 'The signed order is not the order in the composer (its UID differs). Sign it again.');
  }
  const twin = options.acknowledgeUnclear ? null : unclearTwin(deps.journal, draft, built.uid);
  if (twin) throw new AppError('UNCLEAR_ORDER_PENDING', unclearTwinMessage(twin), { details: { uid: twin } });
  if (draft.signingScheme !== 'presign' && (await recoverDigestSigner(built.digest, draft.signingScheme, signed.signature)) !== built.owner) {
    throw new AppError('InvalidSignature', WRONG_SIGNER);
  }
  // Uploaded first, so the order can carry just the hash the signature covers.
  await deps.orderbook().uploadAppData(draft.chainId, built.struct.appData, draft.fullAppData);

  const body = creationBody(built, draft, signed, quoteId);
  const previous = deps.journal.find(built.uid);
  deps.journal.recordSubmitting({ uid: built.uid, account: draft.account, chainId: draft.chainId, environment, order: body });
  const result = await post(deps, draft.chainId, built.uid, body, previous?.state === 'submitted');
  return { ...result, preSignature: signed.preSignature };
}

/**
 * "Send again" for an order whose answer was lost: the very body journalled
 * before the first POST (same signature, same UID) is posted once more, so the
 * service either stores it now or answers DuplicatedOrder for the one it holds.
 * It can never become a second order.
 */
export async function resendJournalled(deps: SubmitDeps, uid: string): Promise<SubmitResult> {
  const submission = deps.journal.find(uid);
  if (!submission) throw new AppError('SUBMISSION_NOT_FOUND', `CoW Desk has no journalled order ${uid} to send again.`);
  if (submission.state === 'failed') {
    throw new AppError('SUBMISSION_REFUSED', `The orderbook refused this order (${submission.error ?? 'no reason given'}); sending it again would be refused too. Change the order and sign a new one.`);
  }
  if (submission.environment !== deps.environment()) {
    throw new AppError('WRONG_ENVIRONMENT', `This order was signed for ${submission.environment}; switch to it to send it again.`);
  }
  // Its appData was uploaded before it was first journalled: the body carries just the hash.
  return { ...(await post(deps, submission.chainId, submission.uid as Hex, submission.body, submission.state === 'submitted')), preSignature: null };
}

/** POST a journalled body and settle the journal from the answer (or, when unclear, from the service's record of the UID). */
async function post(deps: SubmitDeps, chainId: number, uid: Hex, body: OrderCreation, placedBefore: boolean): Promise<Omit<SubmitResult, 'preSignature'>> {
  const orderbook = deps.orderbook();
  let serverUid: string;
  try {
    serverUid = await orderbook.submitOrder(chainId, body);
  } catch (error) {
    if (isRefusal(error)) {
      if (!placedBefore) deps.journal.markFailed(uid, (error as ApiError).message);
      throw error;
    }
    // The POST may have landed with its answer lost: the service is asked for the order under our own UID.
    serverUid = await resolveUnclear(orderbook, chainId, uid, error);
  }
  const submission = deps.journal.markSubmitted(uid, serverUid);
  if (submission.state === 'failed') throw new AppError('UID_MISMATCH', submission.error ?? 'The orderbook filed the order under another UID.');
  const explorerUrl = explorerOrderUrl(deps.explorerBase(), chainId, uid);
  return { uid, explorerUrl, appDataHash: body.appData as Hex, order: initialProgress(uid, chainId, body, explorerUrl) };
}

function creationBody(built: BuiltOrder, draft: OrderDraft, signed: SignedOrder, quoteId: number | null): OrderCreation {
  const { struct } = built;
  return {
    sellToken: struct.sellToken,
    buyToken: struct.buyToken,
    receiver: draft.receiver ?? null,
    sellAmount: struct.sellAmount.toString(),
    buyAmount: struct.buyAmount.toString(),
    validTo: struct.validTo,
    // The live service refuses anything else (NonZeroFee): the network cost is inside the limit.
    feeAmount: '0',
    kind: struct.kind,
    partiallyFillable: struct.partiallyFillable,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
    signingScheme: draft.signingScheme,
    signature: signed.signature,
    from: built.owner,
    quoteId,
    appData: struct.appData,
  };
}

/**
 * A clear refusal (4xx other than 429) means the service does not hold the
 * order. DuplicatedOrder is not one: the UID includes the owner and the signed
 * fields, so a duplicate of our UID is our own order, accepted by an attempt
 * whose answer was lost (the API client retries after a reset, 502 or timeout).
 */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status !== undefined && error.status < 500 && error.status !== 429 && error.errorType !== 'DuplicatedOrder';
}

/**
 * The outcome of the POST is unclear (no answer, 5xx, 429 after retries, or a
 * duplicate): the service's record of our UID decides. Found means placed. Not
 * found, or not reachable, leaves the journal row "submitting" (the journal's
 * reconcile asks again at the next start) and says so: the order is never shown
 * as failed while it may be live, and the user is never told to sign a new one.
 */
async function resolveUnclear(orderbook: OrderbookClient, chainId: number, uid: string, cause: unknown): Promise<string> {
  try {
    return (await orderbook.getOrder(chainId, uid)).uid;
  } catch (lookup) {
    const why = lookup instanceof ApiError && lookup.status === 404
      ? `the orderbook does not hold it yet (${cause instanceof AppError ? cause.message : 'no answer'})`
      : `its answer was lost and it could not be asked about the order (${lookup instanceof AppError ? lookup.message : 'no answer'})`;
    throw new AppError('SUBMISSION_UNCONFIRMED', `${UNCONFIRMED_PREFIX}${why}. ${UNCONFIRMED_ADVICE}`, { retryable: true, cause, details: { uid } });
  }
}

/** Names the risk of a second signature while the first order may be live. */
export function unclearTwinMessage(uid: string): string {
  return `Order ${uid.slice(0, 10)}… for this trade was sent but never confirmed: it may be live on the orderbook. A newly signed order gets a new UID, so both could fill and you would trade twice. Use "Send again" for that order, or confirm that you want a second order.`;
}

const UNCONFIRMED_PREFIX = 'The order was sent but not confirmed: ';
/** One course of action: the same signed order again, never a new signature (a new one has a new UID and could fill too). */
const UNCONFIRMED_ADVICE =
  'Use "Send again": it posts the same signed order, with the same UID, so it cannot be placed twice. CoW Desk also asks again at the next start. Signing a new order instead could place a second one.';

function initialProgress(uid: Hex, chainId: number, body: OrderCreation, explorerUrl: string): OrderProgress {
  return {
    uid,
    chainId,
    owner: parseOrderUid(uid).owner,
    kind: body.kind,
    // The journal's body was checked against the signed struct before it was recorded.
    sellToken: body.sellToken as Hex,
    buyToken: body.buyToken as Hex,
    sellAmount: body.sellAmount,
    buyAmount: body.buyAmount,
    executedSellAmount: '0',
    executedBuyAmount: '0',
    partiallyFillable: body.partiallyFillable,
    // Orders posted to the API are never EthFlow's: those are placed on chain (trade.track follows them).
    ethFlow: false,
    validTo: body.validTo,
    status: body.signingScheme === 'presign' ? 'presignaturePending' : 'open',
    filledPercent: 0,
    final: false,
    explorerUrl,
    error: null,
  };
}
