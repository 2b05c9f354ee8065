import { encodeFunctionData, type Address, type Hex } from 'viem';
import { AppError } from '../../common/errors';
import type { OrderDraft, SignedOrder } from '../../common/ipc/commands/signing';
import { cancellationsDigest, cancellationsTypedData } from '../../common/protocol/cancellations';
import { domainFor, type ProtocolDomain } from '../../common/protocol/domain';
import type { Environment } from '../../common/protocol/environments';
import { orderDigest, orderTypedData, type OrderStruct } from '../../common/protocol/order';
import { orderUid } from '../../common/protocol/order-uid';
import { recoverDigestSigner } from '../../common/protocol/signatures';
import type { AccountService } from './account-service';
import { signDigest } from './digest-signature';
import { buildOrder, orderParts, withDigest } from './order-draft';
import { signingPreview, type PreviewFacts } from './signing-preview';

const SET_PRE_SIGNATURE_ABI = [
  {
    type: 'function',
    name: 'setPreSignature',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'orderUid', type: 'bytes' },
      { name: 'signed', type: 'bool' },
    ],
    outputs: [],
  },
] as const;

/** An order signed with a key at hand, as the signer process signs it (the protocol vectors check it byte for byte). */
export async function signOrderStruct(
  key: Hex,
  struct: OrderStruct,
  domain: ProtocolDomain,
  scheme: 'eip712' | 'ethsign',
  digest: Hex = orderDigest(struct, domain),
): Promise<Hex> {
  return signDigest(key, digest, scheme);
}

/**
 * Turns intents into what the signer process signs: main builds the order
 * (digest, UID) and sends its typed data with the digest the user confirmed;
 * the signer hashes it again, compares and signs. No key is ever in main.
 */
export class OrderSigner {
  private recoveryReady: Promise<unknown> | null = null;

  constructor(
    private readonly accounts: AccountService,
    private readonly environment: () => Environment,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
    /** USD prices and token metadata for the preview; optional so signing never waits on a price. */
    private readonly previewFacts: (draft: OrderDraft) => Promise<PreviewFacts> = async () => ({}),
  ) {}

  async preview(draft: OrderDraft) {
    const account = this.accounts.get(draft.account);
    const environment = this.environment();
    const now = this.nowSeconds();
    const built = buildOrder(draft, environment, now);
    return signingPreview(draft, built, environment, account, { ...(await this.previewFacts(draft)), nowSeconds: now });
  }

  /** expectedDigest is the digest of the preview the user confirmed: nothing else is signed or presigned. */
  async signOrder(draft: OrderDraft, passphrase: string | undefined, expectedDigest: Hex): Promise<SignedOrder> {
    this.recoveryReady ??= warmRecovery();
    const signed = await this.sign(draft, passphrase, expectedDigest);
    await this.recoveryReady;
    return signed;
  }

  private async sign(draft: OrderDraft, passphrase: string | undefined, expectedDigest: Hex): Promise<SignedOrder> {
    const parts = orderParts(draft, this.environment(), this.nowSeconds());
    if (draft.signingScheme === 'presign') {
      // Smart-contract wallets: no signature now; the owner completes the order on-chain, for the
      // order the user reviewed only (main hashes it here, as no signer sees a presigned order).
      const built = withDigest(parts, draft);
      if (expectedDigest.toLowerCase() !== built.digest.toLowerCase()) throw orderChanged();
      this.accounts.get(draft.account);
      const data = encodeFunctionData({ abi: SET_PRE_SIGNATURE_ABI, functionName: 'setPreSignature', args: [built.uid, true] });
      return { uid: built.uid, digest: built.digest, owner: built.owner, signingScheme: 'presign', signature: '0x', preSignature: { to: built.domain.verifyingContract, data, call: `setPreSignature(${built.uid}, true)` } };
    }
    // The signer process hashes the typed data itself and signs only that digest: its signature
    // proves the order's digest is the confirmed one, so main need not hash it a second time.
    const signing = this.accounts.signTypedData(draft.account, orderTypedData(parts.struct, parts.domain), expectedDigest, draft.signingScheme, passphrase);
    // The UID, from the digest the signer is checking, is worked out while it signs.
    const digest = expectedDigest.toLowerCase() as Hex;
    const uid = orderUid(digest, draft.account, draft.validTo);
    const signature = await signing.catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'PREVIEW_MISMATCH' ? orderChanged() : error;
    });
    return { uid, digest, owner: draft.account, signingScheme: draft.signingScheme, signature, preSignature: null };
  }

  async signCancellation(account: Address, chainId: number, orderUids: Hex[], scheme: 'eip712' | 'ethsign', passphrase?: string) {
    const domain = domainFor(chainId, this.environment());
    // The user confirms the cancellation of these UIDs on this chain; its digest is what the signer checks.
    const signature = await this.accounts.signTypedData(account, cancellationsTypedData(orderUids, domain), cancellationsDigest(orderUids, domain), scheme, passphrase);
    return { orderUids, signature, signingScheme: scheme };
  }
}

/**
 * Submitting checks a signature by recovering its signer, and main's first recovery loads secp256k1
 * and builds its tables (~0.15 s under load). Signing in main used to pay that; now the signer
 * process signs, so main pays it during the first signature, while it waits for the signer anyway,
 * rather than between the user's click and the order reaching the service.
 */
function warmRecovery(): Promise<unknown> {
  return recoverDigestSigner(WARM_UP.digest, 'eip712', WARM_UP.signature).catch(() => undefined);
}
/** A real signature (public hardhat key #0 over 0x11…11): a malformed one would fail before the curve math it warms. */
const WARM_UP = {
  digest: `0x${'11'.repeat(32)}`,
  signature: '0x0f7ab7fdc86593590dfcf2e79ffe37056ed62d7191979e42979d39942847fbb904f14566b0640bb3c10128294cda733f61fa74f3dc846979c55115e92b0a1b751b',
} as const;

/** For example the environment changed between preview and signing: the user approved something else. */
function orderChanged(): AppError {
  return new AppError('PREVIEW_MISMATCH', 'The order changed since you reviewed it (environment or details). Review it again before signing.');
}
