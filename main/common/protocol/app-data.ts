import { keccak256, stringToBytes, type Hex } from 'viem';
import { AppError } from '../errors';

/** The live service accepts documents up to 8192 bytes (its OpenAPI text says 1000). */
export const MAX_APP_DATA_BYTES = 8192;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The server hashes the exact string it receives and does no canonicalisation,
 * so the client must produce one string per document: keys sorted at every
 * level, no whitespace. Uploading and signing this same string keeps the hash
 * in the order equal to the hash of the stored document.
 */
export function serializeAppData(document: JsonValue): string {
  const text = canonical(document);
  const size = stringToBytes(text).length;
  if (size > MAX_APP_DATA_BYTES) {
    throw new AppError('APP_DATA_TOO_LARGE', `The appData document is ${size} bytes; the service accepts at most ${MAX_APP_DATA_BYTES}.`);
  }
  return text;
}

function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as JsonValue)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new AppError('INVALID_APP_DATA', 'appData cannot hold NaN or Infinity.');
  }
  return JSON.stringify(value);
}

/**
 * What is wrong with an appData document string the user or the app is about to
 * sign and upload, or null: it must be a JSON object within the size limit.
 */
export function appDataDocumentProblem(text: string): string | null {
  if (stringToBytes(text).length > MAX_APP_DATA_BYTES) return `appData is larger than ${MAX_APP_DATA_BYTES} bytes`;
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return null;
  } catch {
    // Falls through to the message below: the text is not JSON at all.
  }
  return 'appData must be a JSON object document';
}

/** keccak256 of the exact UTF-8 bytes of the document string. */
export function appDataHash(fullAppData: string): Hex {
  return keccak256(stringToBytes(fullAppData));
}

/**
 * The hash an order carries for this document, once the document is one the service takes; given
 * the hash an order already carries, also that it is this document's. Before anything is signed.
 */
export function checkedAppDataHash(fullAppData: string, carried?: Hex): Hex {
  const problem = appDataDocumentProblem(fullAppData);
  if (problem) throw new AppError('InvalidAppData', `The appData document is not valid: ${problem}.`);
  const hash = appDataHash(fullAppData);
  if (carried !== undefined && carried.toLowerCase() !== hash) {
    throw new AppError('APP_DATA_MISMATCH', "The order's appData hash is not the hash of its appData document; nothing was signed. Quote the order again.");
  }
  return hash;
}
