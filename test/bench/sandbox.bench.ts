import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { interleavedMedians, type Bench } from './measure';

const RUNS = 5;
const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** Starts `tsx <args>` and resolves once its output contains `ready`; the process is then stopped. */
function untilPrinted(args: string[], ready: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(ready)) {
        child.kill('SIGTERM');
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!out.includes(ready)) reject(new Error(`tsx ${args.join(' ')} exited (${code}) before printing "${ready}": ${err.slice(-500)}`));
    });
  });
}

/**
 * `npm run sandbox` from launch until it has printed the service URLs, the
 * chains' RPC URLs and the test keys (its last line), against the bare cost
 * of starting tsx at all, interleaved. The issue's goal: under 5 s.
 */
export const sandboxBench: Bench = {
  title: 'Sandbox start',
  async run() {
    const { app, bare } = await interleavedMedians(
      // Any free ports: runs follow each other faster than a stopped one frees its fixed ports.
      () => untilPrinted(['test/sandbox/cli.ts', '--port', '0'], 'Ctrl+C to stop.'),
      () => untilPrinted(['-e', 'console.log("ready")'], 'ready'),
      RUNS,
      1,
    );
    return [{ name: `npm run sandbox until URLs, RPC URLs and keys are printed (5 chains, median of ${RUNS})`, value: app, unit: 'ms', goal: '< 5000 ms', baseline: { name: 'tsx start, nothing run', value: bare } }];
  },
};
