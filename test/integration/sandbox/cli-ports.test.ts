import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** `npm run sandbox [args]` until it has printed everything: its URLs, in the order printed; then stopped, and waited for. */
function startedUrls(args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['test/sandbox/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ctrl+C to stop.')) child.kill('SIGINT');
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!out.includes('Ctrl+C to stop.')) return reject(new Error(`the sandbox exited (${code}) before it was ready: ${err.slice(-500)}`));
      resolve([...out.matchAll(/http:\/\/127\.0\.0\.1:\d+/g)].map((match) => match[0]));
    });
  });
}

/**
 * Issue 33: "the sandbox takes new ports at every start (seven URLs to enter
 * again)". The orderbook, the token service and five chains keep their ports
 * from one start to the next; --port chooses the first.
 */
describe('npm run sandbox', () => {
  it('keeps its seven URLs from one start to the next', async () => {
    const first = await startedUrls([]);
    const second = await startedUrls([]);
    expect(first).toEqual(Array.from({ length: 7 }, (_, index) => `http://127.0.0.1:${41_000 + index}`));
    expect(second).toEqual(first);
  }, 120_000);

  it('takes the first port from --port, the others after it', async () => {
    expect(await startedUrls(['--port', '41100'])).toEqual(Array.from({ length: 7 }, (_, index) => `http://127.0.0.1:${41_100 + index}`));
  }, 60_000);
});
