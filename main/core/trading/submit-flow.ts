import type { OrderDraft, SignedOrder } from '../../common/ipc/commands/signing';
import type { OrderProgress, SubmitResult } from '../../common/ipc/commands/trade';
import { AppError } from '../../common/errors';
import type { OrderCreation } from '../../common/protocol/api';
import { explorerOrderUrl } from '../../common/protocol/endpoints';
import type { Environment } from '../../common/protocol/environments';
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
 * Sends one signed order, in the order that loses nothing: rebuild and check
 * what was signed, upload the appData (and check the server's hash), journal
 * the order under the UID computed here, POST it, and compare the UID the
 * service files it under with ours. Nothing is posted that was not journalled.
 */
export async function submitSigned(deps: SubmitDeps, draft: OrderDraft, signed: SignedOrder, quoteId: number | null): Promise<SubmitResult> {
  const environment = deps.environment();
  const built = buildOrder(draft, environment, deps.nowSeconds());
  if (built.uid !== signed.uid.toLowerCase() || signed.signingScheme !== draft.signingScheme) {
    throw new AppError('UID_MISMATCH', 'The signed order is not the order in the composer (its UID differs). Sign it again.');
  }
  if (draft.signingScheme !== 'presign' && (await recoverDigestSigner(built.digest, draft.signingScheme, signed.signature)) !== built.owner) {
    throw new AppError('InvalidSignature', WRONG_SIGNER);
  }
  const orderbook = deps.orderbook();
  const hash = built.struct.appData;
  // Uploaded first, so the order can carry just the hash the signature covers.
  await orderbook.uploadAppData(draft.chainId, hash, draft.fullAppData);

  const body = creationBody(built, draft, signed, quoteId);
  const previous = deps.journal.find(built.uid);
  deps.journal.recordSubmitting({ uid: built.uid, account: draft.account, chainId: draft.chainId, environment, order: body });
  let serverUid: string;
  try {
    serverUid = await orderbook.submitOrder(draft.chainId, body);
  } catch (error) {
    if (isRefusal(error)) {
      if (previous?.state !== 'submitted') deps.journal.markFailed(built.uid, (error as ApiError).message);
      throw error;
    }
    // The POST may have landed with its answer lost: the service is asked for the order under our own UID.
    serverUid = await resolveUnclear(orderbook, draft.chainId, built.uid, error);
  }
  const submission = deps.journal.markSubmitted(built.uid, serverUid);
  if (submission.state === 'failed') throw new AppError('UID_MISMATCH', submission.error ?? 'The orderbook filed the order under another UID.');

  const explorerUrl = explorerOrderUrl(deps.explorerBase(), draft.chainId, built.uid);
  return { uid: built.uid, explorerUrl, appDataHash: hash, order: initialProgress(built, draft, explorerUrl), preSignature: signed.preSignature };
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
    if (lookup instanceof ApiError && lookup.status === 404) {
      throw new AppError(
        'SUBMISSION_UNCONFIRMED',
        `The orderbook did not confirm the order and does not hold it yet (${cause instanceof AppError ? cause.message : 'no answer'}). Send it again: it keeps its UID, so it cannot be placed twice.`,
        { retryable: true, cause },
      );
    }
    throw new AppError(
      'SUBMISSION_UNCONFIRMED',
      `The order was sent but the orderbook's answer was lost, and it could not be asked about the order yet (${lookup instanceof AppError ? lookup.message : 'no answer'}). CoW Desk checks again at the next start; do not sign a new order meanwhile, the one sent may be live.`,
      { retryable: true, cause },
    );
  }
}

function initialProgress(built: BuiltOrder, draft: OrderDraft, explorerUrl: string): OrderProgress {
  return {
    uid: built.uid,
    chainId: draft.chainId,
    owner: built.owner,
    kind: draft.kind,
    sellToken: draft.sellToken,
    buyToken: draft.buyToken,
    sellAmount: draft.sellAmount,
    buyAmount: draft.buyAmount,
    executedSellAmount: '0',
    executedBuyAmount: '0',
    partiallyFillable: draft.partiallyFillable,
    validTo: draft.validTo,
    status: draft.signingScheme === 'presign' ? 'presignaturePending' : 'open',
    filledPercent: 0,
    final: false,
    explorerUrl,
    error: null,
  };
}
