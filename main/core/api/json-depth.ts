const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Follows the nesting depth of a JSON text chunk by chunk, on its UTF-8 bytes,
 * without parsing it: brackets inside strings do not count, and UTF-8 never
 * uses a byte below 0x80 inside a multi-byte character, so the scan needs no
 * decoding. A pass over 4 MiB takes a few milliseconds, against seconds and
 * hundreds of MB for JSON.parse of a deeply nested one. Text that is not JSON
 * (a plain-text error body) passes unless it is full of brackets.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly limit: number) {}

  /** Scans the next chunk; false as soon as the nesting went past the limit. */
  feed(bytes: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    for (let i = 0; i < bytes.length; i += 1) {
      const byte = bytes[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        depth += 1;
        if (depth > this.limit) return false;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth = Math.max(0, depth - 1);
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/** Whether a whole body stays within `limit` levels of nesting: a body handed over unscanned, checked where it is parsed. */
export function withinJsonDepth(bytes: ArrayBuffer, limit: number): boolean {
  return new JsonDepthScanner(limit).feed(new Uint8Array(bytes));
}
