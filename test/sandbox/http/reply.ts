import { setImmediate } from 'node:timers/promises';
/**
 * Handlers return a Reply instead of writing to the response, so the service
 * wrapper can apply faults, log the status and write every answer one way.
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Already serialised; `undefined` means an empty body. */
  body: string | undefined;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

/** Items of a long list turned into JSON text between two turns of the event loop. */
const LIST_SLICE = 50;

/**
 * A long list as a JSON array (a 1000-order page is 1.5 MB of text), written
 * a slice at a time with the event loop free between slices. The live service
 * answers other requests side by side while it serialises a page; here one
 * JSON.stringify of a page held every request asked meanwhile (a user's quote)
 * 5-10 ms, more on a busy machine. The items are the answer as it stood when
 * asked (built before the call, as the service's query reads a snapshot);
 * only their text is made in slices. The body is the same text either way.
 */
export async function jsonList(status: number, items: readonly unknown[], headers: Record<string, string> = {}): Promise<Reply> {
  const slices: string[] = [];
  for (let start = 0; start < items.length; start += LIST_SLICE) {
    if (start > 0) await setImmediate();
    slices.push(items.slice(start, start + LIST_SLICE).map((item) => JSON.stringify(item)).join(','));
  }
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: `[${slices.join(',')}]` };
}

/** The live services answer some errors in plain text; clients must cope. */
export function text(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body: message };
}

export function empty(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: undefined };
}

export interface SandboxRequest {
  method: string;
  /** Path without the query, split on `/`, empty parts dropped. */
  parts: string[];
  path: string;
  query: URLSearchParams;
  rawBody: string;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false };

export function parseJson(raw: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface Route<Context> {
  method: string;
  /** Literal parts, or `:name` for a parameter. */
  pattern: string[];
  handle(request: SandboxRequest, params: Record<string, string>, context: Context): Reply | Promise<Reply>;
}

export type RouteMatch<Context> =
  | { kind: 'found'; route: Route<Context>; params: Record<string, string> }
  | { kind: 'wrong-method' }
  | { kind: 'none' };

export function matchRoute<Context>(routes: readonly Route<Context>[], method: string, parts: readonly string[]): RouteMatch<Context> {
  let pathKnown = false;
  for (const route of routes) {
    const params = matchPattern(route.pattern, parts);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    pathKnown = true;
  }
  return pathKnown ? { kind: 'wrong-method' } : { kind: 'none' };
}

function matchPattern(pattern: readonly string[], parts: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.entries()) {
    const actual = parts[index] as string;
    if (expected.startsWith(':')) params[expected.slice(1)] = safeDecode(actual);
    else if (expected !== actual) return undefined;
  }
  return params;
}

/** A malformed %-escape stays as typed, so the route rejects it as a bad parameter instead of crashing. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
