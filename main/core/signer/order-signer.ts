import { encodeFunctionData, hashMessage, type Address, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { AppError } from '../../common/errors';
import type { OrderDraft, SignedOrder } from '../../common/ipc/commands/signing';
import { cancellationsDigest, cancellationsTypedData } from '../../common/protocol/cancellations';
import { domainFor, type ProtocolDomain } from '../../common/protocol/domain';
import type { Environment } from '../../common/protocol/environments';
import { orderDigest, type OrderStruct } from '../../common/protocol/order';
import type { AccountService } from './account-service';
import { buildOrder } from './order-draft';
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

/**
 * eip712 signs the typed-data digest; ethsign signs the digest as a 32-byte
 * message. The digest is the one buildOrder already computed (the UID starts
 * with it): hashing the typed data again, or deriving the public key of a
 * viem account just to sign, would double the cost of a signature.
 */
export async function signOrderStruct(
  key: Hex,
  struct: OrderStruct,
  domain: ProtocolDomain,
  scheme: 'eip712' | 'ethsign',
  digest: Hex = orderDigest(struct, domain),
): Promise<Hex> {
  return sign({ hash: scheme === 'eip712' ? digest : hashMessage({ raw: digest }), privateKey: key, to: 'hex' });
}

/**
 * Signs intents in main. The key is loaded from its vault for one call and
 * dropped with the viem account that wraps it; it never leaves this function.
 */
export class OrderSigner {
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

  async signOrder(draft: OrderDraft, passphrase?: string, expectedDigest?: Hex): Promise<SignedOrder> {
    const environment = this.environment();
    const built = buildOrder(draft, environment, this.nowSeconds());
    if (expectedDigest && expectedDigest.toLowerCase() !== built.digest.toLowerCase()) {
      // For example the environment changed between preview and signing: the user approved something else.
      throw new AppError('PREVIEW_MISMATCH', 'The order changed since you reviewed it (environment or details). Review it again before signing.');
    }
    const base = { uid: built.uid, digest: built.digest, owner: built.owner, signingScheme: draft.signingScheme };
    if (draft.signingScheme === 'presign') {
      // Smart-contract wallets: no signature now; the owner completes the order on-chain.
      this.accounts.get(draft.account);
      const data = encodeFunctionData({ abi: SET_PRE_SIGNATURE_ABI, functionName: 'setPreSignature', args: [built.uid, true] });
      return { ...base, signature: '0x', preSignature: { to: built.domain.verifyingContract, data, call: `setPreSignature(${built.uid}, true)` } };
    }
    const key = await this.accounts.loadKey(draft.account, passphrase);
    return { ...base, signature: await signOrderStruct(key, built.struct, built.domain, draft.signingScheme, built.digest), preSignature: null };
  }

  async signCancellation(account: Address, chainId: number, orderUids: Hex[], scheme: 'eip712' | 'ethsign', passphrase?: string) {
    const domain = domainFor(chainId, this.environment());
    const signer = privateKeyToAccount(await this.accounts.loadKey(account, passphrase));
    const signature =
      scheme === 'eip712'
        ? await signer.signTypedData(cancellationsTypedData(orderUids, domain))
        : await signer.signMessage({ message: { raw: cancellationsDigest(orderUids, domain) } });
    return { orderUids, signature, signingScheme: scheme };
  }
}
