import { setImmediate } from 'node:timers/promises';

/** Characters of a body above which its parse gets an event-loop turn of its own (a page of 1000 orders is 1.6 M). */
const LARGE_BODY_CHARS = 64 * 1024;

/**
 * A body as JSON, or the text itself where it is not JSON (some error bodies
 * are plain text). A large one is parsed in a macrotask of its own: reading
 * and decoding a 1.6 MB page, parsing it and checking its first items each
 * take about 10 ms of this thread, and in one go, with the collections they
 * set off, they held the event loop 40-60 ms (issue 17). IPC is answered
 * between them.
 */
export async function parseResponseBody(text: string): Promise<unknown> {
  if (text.length <= LARGE_BODY_CHARS) return parseBody(text);
  await setImmediate();
  const body = parseBody(text);
  await setImmediate();
  return body;
}

/**
 * An answer's body in an ArrayBuffer of its own, the chunks copied into it
 * once, as they are read. Response.arrayBuffer() (undici) joins the chunks
 * into one buffer and then copies that into another: two more page-sized
 * buffers for the main thread to collect for every page a sync hands over to
 * the writer thread, some 200 pages of 1.6 MB in a 100k sync (issue 35).
 * Errors as the body's reading errors (a bound, an abort).
 */
export async function readBodyBytes(response: Response): Promise<ArrayBuffer> {
  // As Response.arrayBuffer() refuses it: a body read already would read as empty here.
  if (response.bodyUsed) throw new TypeError('The answer\'s body was read already.');
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      chunks.push(chunk);
      length += chunk.byteLength;
    }
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  for (const chunk of chunks) release(chunk);
  return bytes.buffer;
}

/**
 * A chunk read off the body, copied already, let go of now where it is the only view of its buffer. The body's
 * chunks are its own: fetch copies each into a buffer of its own as it queues it (bounded-fetch.ts passes them on),
 * and a Response made from a string or a buffer copies it. Left to the collector, a sync's chunks piled up in the
 * main thread, which allocates too little else for collections to come often: 24-29 MB of dead chunks at a 100k
 * sync's peak (issue 35). A view into a larger buffer (a pool's) is left alone, and so is a chunk met twice.
 */
function release(chunk: Uint8Array): void {
  const { buffer } = chunk;
  if (buffer instanceof ArrayBuffer && !buffer.detached && chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength) buffer.transfer(0);
}

/** parseBody() of an answer's bytes (UTF-8), in one go: off the main thread, where nothing waits on it. */
export function parseBodyBytes(bytes: ArrayBuffer): unknown {
  return parseBody(decodeBody(bytes));
}

/** An answer's bytes as text, as Response.text() reads them. */
export function decodeBody(bytes: ArrayBuffer): string {
  return new TextDecoder().decode(bytes);
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
