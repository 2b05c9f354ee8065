import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../../main/common/ipc/contract';
import { createFileLogger, LOG_FILE } from '../../../main/core/file-log';
import { createRouter, type Handlers } from '../../../main/core/ipc/router';
import { redactForLog, redactText } from '../../../main/core/log-redaction';
import { makeTempDir } from '../../helpers/temp-dir';

const KEY = `0x${'4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'}`;
const UID = `0x${'ab'.repeat(56)}`;
const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log file', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir('cow-desk-log-')));
  afterEach(() => dir.remove());

  it('writes one JSON object per line with time, level, message and fields', () => {
    const log = createFileLogger({ dir: dir.path });
    log.info('history sync done', { chainId: 1, orders: 12 });
    log.error('order tracking failed', { uid: UID, error: new TypeError('fetch failed') });
    expect(log.path).toBe(join(dir.path, LOG_FILE));
    const [first, second] = lines(log.path);
    expect(first).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', message: 'history sync done', chainId: 1, orders: 12 });
    expect(second).toMatchObject({ level: 'error', message: 'order tracking failed', uid: UID, error: expect.stringContaining('TypeError: fetch failed') });
  });

  it('rotates at the size limit and keeps only the newest files', () => {
    const log = createFileLogger({ dir: dir.path, maxBytes: 2000, keep: 2 });
    for (let i = 0; i < 100; i += 1) log.info('line', { i, padding: 'x'.repeat(80) });
    expect(readdirSync(dir.path).sort()).toEqual(['cow-desk.1.log', 'cow-desk.2.log', 'cow-desk.log']);
    const newest = lines(log.path).map((line) => line.i as number);
    const older = lines(join(dir.path, 'cow-desk.1.log')).map((line) => line.i as number);
    expect(newest.at(-1)).toBe(99);
    expect(Math.max(...older)).toBe(newest[0]! - 1);
    expect(existsSync(join(dir.path, 'cow-desk.3.log'))).toBe(false);
  });

  it('never writes a key, passphrase, signature, signing input or request body', () => {
    const log = createFileLogger({ dir: dir.path });
    log.error(`import failed for privateKey=${KEY}`, {
      privateKey: KEY,
      passphrase: 'correct horse battery staple',
      input: { label: 'Trader', vault: { kind: 'passphrase', passphrase: 'correct horse battery staple' } },
      signature: `0x${'12'.repeat(65)}`,
      typedData: { domain: { name: 'Gnosis Protocol' }, message: { sellAmount: '1' } },
      digest: `0x${'cd'.repeat(32)}`,
      body: JSON.stringify({ signature: `0x${'12'.repeat(65)}`, owner: '0x1' }),
      error: new Error(`bad key ${KEY.slice(2)} in {"passphrase":"correct horse battery staple"}`),
      uid: UID,
    });
    const text = readFileSync(log.path, 'utf8');
    for (const secret of [KEY.slice(2), 'correct horse battery staple', '12'.repeat(65), 'Gnosis Protocol', 'cd'.repeat(32)]) expect(text).not.toContain(secret);
    expect(text).toContain(UID);
  });
});

describe('"the details are in the log"', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir('cow-desk-log-')));
  afterEach(() => dir.remove());

  it('is true of an internal error: the file holds the error with its stack', async () => {
    const log = createFileLogger({ dir: dir.path });
    const failing = () => {
      throw new TypeError('database handle is closed');
    };
    const router = createRouter(Object.fromEntries(Object.keys(contract.commands).map((command) => [command, failing])) as unknown as Handlers, log);
    const envelope = await router.handle('app.health', undefined);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: 'CoW Desk hit an internal error. The details are in the log.' } });
    const [line] = lines(log.path);
    expect(line).toMatchObject({ level: 'error', message: 'ipc handler threw', command: 'app.health', error: expect.stringContaining('TypeError: database handle is closed') });
    expect(line!.error).toMatch(/\n\s+at /);
  });
});

describe('redaction', () => {
  it('blanks exactly-32-byte hex in text but keeps UIDs and addresses readable', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(redactText(`key ${KEY} uid ${UID} owner ${address}`)).toBe(`key [32-byte hex redacted] uid ${UID} owner ${address}`);
  });

  it('blanks secrets named in text, quoted or directly after the separator, and leaves prose alone', () => {
    expect(redactText('{"passphrase":"a b c","label":"x"}')).toBe('{"passphrase":"[redacted]","label":"x"}');
    expect(redactText("passphrase='hunter2' then password=hunter3; signature:0x1234")).toBe('passphrase="[redacted]" then password=[redacted]; signature:[redacted]');
    expect(redactText('privateKey: A private key is 64 hex digits.')).toBe('privateKey: A private key is 64 hex digits.');
  });

  it('keeps non-secret fields, and turns bigints and nested errors into text', () => {
    expect(redactForLog({ chainId: 100, amount: 10n, nested: { token: '0x1', password: 'p' }, list: [{ body: 'x' }] })).toEqual({
      chainId: 100,
      amount: '10',
      nested: { token: '0x1', password: '[redacted]' },
      list: [{ body: '[redacted]' }],
    });
  });
});
