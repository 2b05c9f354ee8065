import { describe, expect, it } from 'vitest';
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

  it('refuses a body read already, as Response.arrayBuffer() does, instead of reading it as empty', async () => {
    const answer = answerOf([new Uint8Array([1])]);
    await answer.arrayBuffer();
    await expect(readBodyBytes(answer)).rejects.toThrow(/read already/);
  });
});
