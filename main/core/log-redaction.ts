/**
 * What may reach the log file. Secrets are removed by the name of the field that
 * holds them (a private key, passphrase, signature or its input, a request body)
 * and, in free text, by shape: a bare 32-byte hex string may be a key, so it is
 * blanked wherever it appears. Order UIDs (56 bytes) and addresses (20) stay
 * readable, since they are what a person debugging an order looks for.
 */
const SECRET_FIELD = /(private.?key|secret|passphrase|password|mnemonic|seed.?phrase|^seed$|signature|typed.?data|digest|signing.?input|authorization|cookie|api.?key|body)$/i;
const BARE_32_BYTES = /(?<![0-9a-fA-F])(0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/g;
/**
 * `"privateKey": "…"` (JSON), `passphrase=…` and `signature:0x…` inside a message or an error
 * text. An unquoted value must follow the separator directly, so that prose such as
 * "privateKey: A private key is 64 hex digits" (a validation message) stays readable.
 */
const SECRET_NAME = String.raw`["']?(?:private.?key|passphrase|password|mnemonic|signature|typed.?data|secret)["']?`;
const SECRET_IN_TEXT = new RegExp(String.raw`(${SECRET_NAME}\s*[:=]\s*)(?:"(?:[^"\\]|\\.)*"|'[^']*')|(${SECRET_NAME}[:=])[^\s,;}]+`, 'gi');
const MAX_DEPTH = 6;
const MAX_TEXT = 4000;

export const REDACTED = '[redacted]';

export function redactText(text: string): string {
  const clipped = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)` : text;
  return clipped
    .replace(SECRET_IN_TEXT, (_match, quotedName: string | undefined, bareName: string | undefined) =>
      quotedName !== undefined ? `${quotedName}"${REDACTED}"` : `${bareName}${REDACTED}`,
    )
    .replace(BARE_32_BYTES, '[32-byte hex redacted]');
}

/** A copy of value that is safe to write to the log, with errors turned into their (redacted) text and stack. */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return redactText(`${value.name}: ${value.message}${value.stack ? `\n${value.stack.split('\n').slice(1).join('\n')}` : ''}`);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((item) => redactForLog(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_FIELD.test(key) ? REDACTED : redactForLog(item, depth + 1)]));
}
