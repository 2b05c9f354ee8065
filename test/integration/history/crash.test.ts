import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../main/core/store/open-store';
import { createPrng } from '../../sandbox/prng';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { makeTempDir } from '../../helpers/temp-dir';
import { runSeed } from '../../helpers/seeds';
import { seedDistinct } from './history-kit';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';

const ORDERS = 3_000;
const KILLS = 20;
const CHILD = join(import.meta.dirname, 'fixtures/sync-child.ts');

interface Run {
  committed: string[];
  /** Committed writes seen before the kill (or the end). */
  lines: number;
  finished: boolean;
}

/**
 * Starts the sync in a child process and SIGKILLs it after `killAfter` committed
 * writes plus `spin` turns of this process's event loop, so the kill lands
 * anywhere: between requests, mid-request, or in the middle of a transaction.
 */
function runChild(path: string, sandbox: Sandbox, killAfter: number, spin: number): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, sandbox.orderbookUrl, TEST_ACCOUNTS.trader.address], { stdio: ['ignore', 'pipe', 'inherit'] });
  const run: Run = { committed: [], lines: 0, finished: false };
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line === 'DONE') run.finished = true;
    if (!line.startsWith('COMMIT ') || !line.endsWith(' END')) return;
    run.committed.push(...line.slice('COMMIT '.length, -' END'.length).split(',').filter(Boolean));
    run.lines += 1;
    if (run.lines === killAfter) {
      const kill = (turns: number): void => void (turns === 0 ? child.kill('SIGKILL') : setImmediate(() => kill(turns - 1)));
      kill(spin);
    }
  });
  return new Promise((resolve) => child.on('exit', () => lines.close()).on('close', () => resolve(run)));
}

describe('history sync survives SIGKILL at random points', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof makeTempDir>;
  let path: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    seedDistinct(sandbox, 1, TEST_ACCOUNTS.trader.address, ORDERS);
    dir = makeTempDir('cow-desk-crash-');
    path = join(dir.path, 'history.sqlite');
    openStore(path).close();
  });
  afterAll(async () => {
    await sandbox.close();
    dir.remove();
  });

  it(`keeps the file sound and every order seen committed through ${KILLS} kills, then completes`, { timeout: 240_000 }, async () => {
    // Where each child is killed is random: the seed is printed, and in every failure message.
    const seed = runSeed('history crash test');
    const random = createPrng(seed);
    const replay = `replay with SEED=${seed}`;
    const acknowledged = new Set<string>();
    let kills = 0;
    // Writes in a full pass: unknown before one finishes; a first pass here makes a few hundred.
    let passLines = 300;
    while (kills < KILLS) {
      const run = await runChild(path, sandbox, 1 + random.int(passLines), random.int(40));
      run.committed.forEach((uid) => acknowledged.add(uid.toLowerCase()));
      if (run.finished) passLines = run.lines;
      else kills += 1;

      const db = new BetterSqlite3(path, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true }), replay).toBe('ok');
        expect(db.pragma('foreign_key_check'), replay).toEqual([]);
        const stored = new Set((db.prepare('SELECT uid FROM orders').all() as { uid: string }[]).map((row) => row.uid));
        expect([...acknowledged].filter((uid) => !stored.has(uid)), replay).toEqual([]);
      } finally {
        db.close();
      }
    }

    const last = await runChild(path, sandbox, Number.POSITIVE_INFINITY, 0);
    expect(last.finished, replay).toBe(true);
    const store = openStore(path);
    try {
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(() => store.db.prepare("INSERT INTO orders_fts (orders_fts) VALUES ('integrity-check')").run()).not.toThrow();
      expect((store.db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n).toBe(ORDERS);
      const missingFills = store.db.prepare("SELECT count(*) AS n FROM orders WHERE executed_sell_amount <> '0' AND uid NOT IN (SELECT order_uid FROM trades)").get() as { n: number };
      expect(missingFills.n).toBe(0);
    } finally {
      store.close();
    }
  });
});
