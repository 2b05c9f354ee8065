import { randomBytes } from 'node:crypto';
import { keccak256, serializeTransaction, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customDomain } from '../../../main/common/protocol/domain';
import { orderTypedData } from '../../../main/common/protocol/order';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { seal, unseal, type SignerReply } from '../../../main/core/signer/process/channel';
import { forkSigner } from '../../../main/core/signer/process/node-launcher';
import { SignerClient, type SignerChild } from '../../../main/core/signer/signer-client';
import { makeTempDir } from '../../helpers/temp-dir';
import { vectors } from '../../helpers/vectors';
import { testKeychainService } from '../../helpers/keychain-service';

const SERVICE = testKeychainService('CoW Desk signer port tests');

describe('the signer port, through the real signer process and keychain', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let signer: SignerClient;
  beforeAll(() => {
    dir = makeTempDir();
    signer = new SignerClient(forkSigner, { keychainService: SERVICE, vaultDir: dir.path });
  });
  afterAll(async () => {
    await signer.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  const [vector] = vectors.orders;
  const struct = { ...vector!.order, sellAmount: BigInt(vector!.order.sellAmount), buyAmount: BigInt(vector!.order.buyAmount), feeAmount: BigInt(vector!.order.feeAmount) };
  const typedData = orderTypedData(struct, customDomain(31337, '0x5FbDB2315678afecb367f032d93F642f64180aa3'));

  it('imports a key and answers its address; reproduces the vector signatures byte for byte against the vector digest', async () => {
    expect(await signer.importKey(vector!.signer_private_key_public_test_key, 'keychain')).toBe(vector!.owner);
    expect(await signer.accounts()).toEqual([vector!.owner]);
    expect(await signer.signTypedData(vector!.owner, typedData, vector!.digest, { scheme: 'eip712' })).toBe(vector!.signatures.eip712);
    expect(await signer.signTypedData(vector!.owner, typedData, vector!.digest, { scheme: 'ethsign' })).toBe(vector!.signatures.ethsign);
  });

  it('refuses to sign when the digest the user confirmed is not the digest of what it was given', async () => {
    const changed = { ...typedData, message: { ...typedData.message, buyAmount: struct.buyAmount - 1n } };
    await expect(signer.signTypedData(vector!.owner, changed, vector!.digest)).rejects.toMatchObject({ code: 'PREVIEW_MISMATCH', message: expect.stringMatching(/not the one you reviewed.*nothing was signed/) });
    const tx = { type: 'eip1559', chainId: 1, nonce: 0, to: vector!.owner, value: 1n, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n } as const;
    const other = keccak256(serializeTransaction({ ...tx, value: 2n }));
    await expect(signer.signTransaction(vector!.owner, serializeTransaction(tx), other)).rejects.toMatchObject({ code: 'PREVIEW_MISMATCH' });
    expect(await signer.signTransaction(vector!.owner, serializeTransaction(tx), keccak256(serializeTransaction(tx)))).toMatch(/^0x02/);
  });

  it('refuses an import of a key main already has, before touching its vault entry', async () => {
    await expect(signer.importKey(vector!.signer_private_key_public_test_key, 'passphrase', { passphrase: 'p', refuse: [vector!.owner] })).rejects.toMatchObject({
      code: 'ACCOUNT_EXISTS',
      details: { address: vector!.owner },
    });
    expect(await signer.accounts()).toEqual([vector!.owner]);
  });
});

describe('the signer channel', () => {
  let child: SignerChild | undefined;
  afterEach(() => child?.kill());

  it('answers only requests sealed under its launch secret, and ignores a second init', async () => {
    const dir = makeTempDir();
    child = forkSigner();
    const secret = randomBytes(32);
    const replies: number[] = [];
    const answered = new Promise<void>((resolve) =>
      child!.onMessage((message) => {
        const reply = unseal<SignerReply>(secret, message);
        replies.push(reply?.id ?? -1);
        if (reply?.id === 3) resolve();
      }),
    );
    child.post({ type: 'init', secret: secret.toString('hex'), config: { keychainService: SERVICE, vaultDir: dir.path } });
    const intruder = randomBytes(32);
    // A second init (someone else's secret), then requests under it, unsealed, and with a forged MAC.
    child.post({ type: 'init', secret: intruder.toString('hex'), config: { vaultDir: dir.path } });
    child.post(seal(intruder, { id: 1, method: 'accounts', params: [] }));
    child.post({ id: 2, method: 'accounts', params: [] });
    child.post({ ...seal(secret, { id: 2, method: 'accounts', params: [] }), mac: '0'.repeat(64) });
    child.post(seal(secret, { id: 3, method: 'accounts', params: [] }));
    await answered;
    expect(replies).toEqual([3]);
    dir.remove();
  });

  it('answers a request for a key with an error, never with the key', async () => {
    const dir = makeTempDir();
    child = forkSigner();
    const secret = randomBytes(32);
    const reply = new Promise<SignerReply | null>((resolve) => child!.onMessage((message) => resolve(unseal<SignerReply>(secret, message))));
    child.post({ type: 'init', secret: secret.toString('hex'), config: { vaultDir: dir.path } });
    child.post(seal(secret, { id: 7, method: 'key', params: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', {}] as Hex[] }));
    expect(await reply).toEqual({ id: 7, ok: false, error: { code: 'SIGNER_UNKNOWN_REQUEST', message: 'The signer does not know "key".', retryable: false } });
    dir.remove();
  });
});
