import { describe, expect, it, vi } from 'vitest';
import { boundedFetch, boundedFetcher, EndpointTimeoutError, ResponseTooLargeError } from '../../../../main/core/api/bounded-fetch';

const BOUNDS = { endpoint: 'GET /api/v1/things', maxBytes: 64 * 1024, headersMs: 200, bodyIdleMs: 200, totalMs: 2_000 };
const URL_ = 'http://127.0.0.1:9/api/v1/things';

/** A fetch answering with `body`, honouring the signal like the real one (an abort errors the body). */
function fetchWith(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): typeof fetch {
  return async (_input, init) => {
    const reader = body.getReader();
    const signal = init?.signal;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const aborted = new Promise<never>((_, reject) => {
            if (signal?.aborted) reject(signal.reason);
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
          });
          try {
            const chunk = await Promise.race([reader.read(), aborted]);
            if (chunk.done) controller.close();
            else controller.enqueue(chunk.value);
          } catch (error) {
            controller.error(error);
          }
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(stream, { status: 200, headers });
  };
}

/** An endless body of 16 KiB chunks that counts how many were pulled from it. */
function endless() {
  const pulled = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled.chunks += 1;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

describe('boundedFetch', () => {
  it('stops an endless body at the limit while reading, having pulled no more than the limit', async () => {
    const { stream, pulled } = endless();
    const response = await boundedFetch(fetchWith(stream), URL_, {}, BOUNDS);
    const error = await response.text().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).message).toMatch(/answered GET \/api\/v1\/things with more than 64 kB/);
    expect((error as ResponseTooLargeError).details).toMatchObject({ endpoint: 'GET /api/v1/things', limitBytes: 64 * 1024 });
    // 64 KiB is 4 chunks: the fifth crossed the limit, nothing beyond it was read.
    expect(pulled.chunks).toBeLessThanOrEqual(6);
  });

  it('refuses a declared Content-Length over the limit without reading a byte', async () => {
    const { stream, pulled } = endless();
    await expect(boundedFetch(fetchWith(stream, { 'content-length': String(10 * 1024 * 1024) }), URL_, {}, BOUNDS)).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(pulled.chunks).toBe(0);
  });

  it('times out a server that never sends headers', async () => {
    const silent: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }));
    // The silent fetch only ends when aborted: the headers deadline is what ends it (a wall-clock bound is no test's business).
    const error = await boundedFetch(silent, URL_, {}, BOUNDS).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointTimeoutError);
    expect((error as EndpointTimeoutError).phase).toBe('headers');
  });

  it('times out a body that goes silent, and a drip that never goes silent long enough at the total', async () => {
    // Which deadline ends a read is the point here, so time is the test's: on real timers a busy machine
    // that paused the drip for 200 ms would end it as "silent" instead.
    vi.useFakeTimers();
    try {
      const stalled = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array([0x5b])) }, { highWaterMark: 0 });
      const idle = (await boundedFetch(fetchWith(stalled), URL_, {}, BOUNDS)).text().then(() => undefined, (e: unknown) => e);
      await vi.advanceTimersByTimeAsync(BOUNDS.bodyIdleMs);
      expect(await idle).toMatchObject({ code: 'TIMEOUT', phase: 'body-idle' });

      let timer: ReturnType<typeof setInterval> | undefined;
      const drip = new ReadableStream<Uint8Array>({
        start(controller) {
          timer = setInterval(() => controller.enqueue(new Uint8Array([0x20])), 50);
        },
        cancel: () => clearInterval(timer),
      });
      const total = (await boundedFetch(fetchWith(drip), URL_, {}, { ...BOUNDS, totalMs: 600 })).text().then(() => undefined, (e: unknown) => e);
      // Twelve drips, each well inside the 200 ms idle bound: only the total can end it.
      await vi.advanceTimersByTimeAsync(600);
      clearInterval(timer);
      expect(await total).toMatchObject({ code: 'TIMEOUT', phase: 'total' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a normal answer through untouched, as a fetch other libraries can use (viem fetchFn, token lists)', async () => {
    const json = JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' });
    const body = new Response(json).body!;
    const fetchFn = boundedFetcher({ maxBytes: 1024, headersMs: 500, bodyIdleMs: 500, totalMs: 1_000 }, fetchWith(body, { 'content-type': 'application/json' }));
    const response = await fetchFn('http://127.0.0.1:9/rpc', { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' });
  });
});

describe('boundedFetch and redirects', () => {
  /** A server at 127.0.0.1:9 that redirects `/old` to `location`, and answers everything else itself; records each request. */
  function redirecting(location: string) {
    const asked: { url: string; method: string; redirect: RequestInit['redirect'] }[] = [];
    const fetchFn: typeof fetch = async (input, init) => {
      const url = String(input);
      asked.push({ url, method: init?.method ?? 'GET', redirect: init?.redirect });
      if (new URL(url).pathname === '/old') return new Response(null, { status: 307, headers: { location } });
      return new Response('{"ok":true}', { status: 200 });
    };
    return { fetchFn, asked };
  }

  it('follows a read to the same server, and never lets fetch follow anything by itself', async () => {
    const server = redirecting('/new');
    const response = await boundedFetch(server.fetchFn, 'http://127.0.0.1:9/old', {}, BOUNDS);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.asked).toEqual([
      { url: 'http://127.0.0.1:9/old', method: 'GET', redirect: 'manual' },
      { url: 'http://127.0.0.1:9/new', method: 'GET', redirect: 'manual' },
    ]);
  });

  it('refuses a read redirected to another server, and any redirect of a POST, sending nothing there', async () => {
    const foreign = redirecting('http://127.0.0.1:10/new');
    await expect(boundedFetch(foreign.fetchFn, 'http://127.0.0.1:9/old', {}, BOUNDS)).rejects.toMatchObject({
      code: 'REDIRECT_REFUSED',
      message: expect.stringMatching(/^127\.0\.0\.1:9 answered GET \/api\/v1\/things with a redirect to http:\/\/127\.0\.0\.1:10; CoW Desk follows a redirect only to the same server/),
    });
    const post = redirecting('/new');
    await expect(boundedFetch(post.fetchFn, 'http://127.0.0.1:9/old', { method: 'POST', body: '{}' }, BOUNDS)).rejects.toMatchObject({
      code: 'REDIRECT_REFUSED',
      message: expect.stringMatching(/never follows a redirect of a POST/),
    });
    expect([...foreign.asked, ...post.asked].map((request) => request.url)).toEqual(['http://127.0.0.1:9/old', 'http://127.0.0.1:9/old']);
  });

  it('stops a redirect loop on the same server', async () => {
    const loop = redirecting('/old');
    await expect(boundedFetch(loop.fetchFn, 'http://127.0.0.1:9/old', {}, BOUNDS)).rejects.toMatchObject({ code: 'REDIRECT_REFUSED', message: expect.stringMatching(/stops after 5 redirects/) });
    expect(loop.asked).toHaveLength(6);
  });
});
