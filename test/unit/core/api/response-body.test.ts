import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { boundedFetch } from '../../../../main/core/api/bounded-fetch';
import { readBodyBytes } from '../../../../main/core/api/response-body';

/** An answer whose body arrives in these chunks, as the network hands them over. */
const answerOf = (chunks: Uint8Array[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  );

describe('an answer body read into one buffer', () => {
  it('holds every chunk in order, byte for byte', async () => {
    const text = '[{"uid":"0x01"},{"uid":"0x02"}]';
    const encoded = new TextEncoder().encode(text);
    const bytes = await readBodyBytes(answerOf([encoded.slice(0, 5), encoded.slice(5, 17), encoded.slice(17)]));
    expect(new TextDecoder().decode(bytes)).toBe(text);
  });

  it('lets go of each chunk it copied, so a sync\'s chunks never wait for a collection', async () => {
    const chunks = [new Uint8Array(64 * 1024).fill(1), new Uint8Array(64 * 1024).fill(2)];
    const bytes = await readBodyBytes(answerOf(chunks));
    expect(bytes.byteLength).toBe(128 * 1024);
    expect(new Uint8Array(bytes)[64 * 1024]).toBe(2);
    expect(chunks.map((chunk) => chunk.buffer.detached)).toEqual([true, true]);
  });

  it('leaves alone a chunk that is a view into a larger buffer: the rest of it may be someone else\'s', async () => {
    const pool = new Uint8Array(16).fill(7);
    const bytes = await readBodyBytes(answerOf([pool.subarray(0, 4), pool.subarray(8, 12)]));
    expect([...new Uint8Array(bytes)]).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
    expect(pool.buffer.detached).toBe(false);
    expect([...pool]).toEqual(new Array(16).fill(7));
  });

  it('copies a chunk met twice both times before letting it go', async () => {
    const chunk = new Uint8Array([1, 2]);
    expect([...new Uint8Array(await readBodyBytes(answerOf([chunk, chunk])))]).toEqual([1, 2, 1, 2]);
  });

  it('refuses a body read already, as Response.arrayBuffer() does, instead of reading it as empty', async () => {
    const answer = answerOf([new Uint8Array([1])]);
    await answer.arrayBuffer();
    await expect(readBodyBytes(answer)).rejects.toThrow(/read already/);
  });
});

describe("fetch's answers, read through the app's bounded fetch", () => {
  it('are read whole, and every chunk fetch handed over is let go of once copied', async () => {
    const sent = Buffer.alloc(1_000_000, 'a');
    sent.write('[1,2,3]', 0);
    const server = createServer((_request, response) => response.end(sent));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await boundedFetch(globalThis.fetch, `http://127.0.0.1:${port}/api/v1/things`, {}, { endpoint: 'GET /api/v1/things', maxBytes: 2_000_000, headersMs: 5_000, bodyIdleMs: 5_000, totalMs: 10_000 });
      // The chunks as they leave the bounded fetch, the same objects passed on.
      const seen: Uint8Array[] = [];
      const watched = answer.body!.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, controller) => (seen.push(chunk), controller.enqueue(chunk)) }));
      const bytes = await readBodyBytes(new Response(watched));
      expect(Buffer.from(bytes).equals(sent)).toBe(true);
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.filter((chunk) => !(chunk.buffer as ArrayBuffer).detached)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
