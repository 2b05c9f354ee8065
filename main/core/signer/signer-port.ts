import type { Address, Hex, TypedDataDefinition } from 'viem';

/** The vault a hot key lives in; a hardware wallet or smart account ignores it. */
export type VaultKind = 'keychain' | 'passphrase';

export interface SignOptions {
  /** Which vault holds the key (main's account record says). */
  readonly vault?: VaultKind;
  /** For passphrase-vault keys: asked for each signature, never kept. */
  readonly passphrase?: string;
}

/** eip712 signs the typed-data digest; ethsign signs it as a 32-byte EIP-191 message. */
export type TypedDataScheme = 'eip712' | 'ethsign';

/**
 * What main may ask of whatever holds the keys: addresses and signatures,
 * never a key. Every signature names the digest the user confirmed; the signer
 * computes the digest of what it is given itself and refuses (PREVIEW_MISMATCH)
 * when the two differ, so a main process or renderer that changed the payload
 * after the review cannot get it signed. See README "The signer port" for how
 * a hardware wallet or an EIP-1271 smart account fills the same interface.
 */
export interface SignerPort {
  /** The addresses this signer can sign for. */
  accounts(): Promise<Address[]>;
  /** Signs EIP-712 typed data whose hashTypedData must equal expectedDigest. */
  signTypedData(account: Address, typedData: TypedDataDefinition, expectedDigest: Hex, options?: SignOptions & { scheme?: TypedDataScheme }): Promise<Hex>;
  /**
   * Signs an unsigned serialized transaction (viem's serializeTransaction) whose
   * keccak256 must equal expectedDigest; answers the signed serialized transaction.
   */
  signTransaction(account: Address, unsignedTransaction: Hex, expectedDigest: Hex, options?: SignOptions): Promise<Hex>;
}

export interface ImportOptions {
  /** Required for the passphrase vault. */
  readonly passphrase?: string;
  /** Addresses main already has: their vault entries are never overwritten (ACCOUNT_EXISTS, details.address). */
  readonly refuse?: readonly Address[];
}

/** Adding and removing hot keys: the key goes into the signer and nothing of it comes back. */
export interface HotKeyStore {
  keychainStatus(): Promise<{ available: boolean; reason?: string }>;
  /** Stores the key in the chosen vault and answers its address. */
  importKey(privateKey: string, vault: VaultKind, options?: ImportOptions): Promise<Address>;
  /** Draws a new key inside the signer, stores it and answers its address. */
  generate(vault: VaultKind, options?: ImportOptions): Promise<Address>;
  remove(account: Address, vault: VaultKind): Promise<void>;
}

/**
 * The app's key import: the key travels from the renderer to the signer over a
 * MessagePort (Electron's MessagePortMain, handed over unread), never through
 * main's JavaScript; the signer answers the address.
 */
export interface PortImport {
  importThroughPort(port: unknown, vault: VaultKind, options?: ImportOptions): Promise<Address>;
}
