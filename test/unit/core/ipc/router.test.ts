import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/common/errors';
import type { HealthReport } from '../../../../main/common/ipc/health-schemas';
import { createRouter, type Handlers } from '../../../../main/core/ipc/router';
import { recordingLogger } from '../../../helpers/recording-logger';

const report: HealthReport = {
  appVersion: '0.1.0',
  environment: 'production',
  chains: [],
  store: { opened: false, path: '/nowhere', error: 'nope', problem: 'unreadable' },
};

function routerWith(overrides: Partial<Handlers> = {}) {
  const calls: unknown[] = [];
  const log = recordingLogger();
  // Only these commands matter here; the router never looks up the others.
  const handlers = {
    'app.health': () => report,
    'accounts.rename': (input: unknown) => {
      calls.push(input);
      throw new Error('not reached in these tests');
    },
    ...overrides,
  } as unknown as Handlers;
  return { router: createRouter(handlers, log), calls, log };
}

describe('IPC router', () => {
  it('runs a known command and answers ok with the value', async () => {
    const { router } = routerWith();
    await expect(router.handle('app.health', undefined)).resolves.toEqual({ ok: true, value: report });
  });

  it('rejects unknown commands, including inherited object keys', async () => {
    const { router } = routerWith();
    for (const name of ['nope', '__proto__', 'toString', 42, undefined]) {
      const answer = await router.handle(name, undefined);
      expect(answer).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND', retryable: false } });
    }
  });

  it('never calls a handler with input that fails the schema', async () => {
    const { router, calls } = routerWith();
    const answer = await router.handle('accounts.rename', { address: 'not an address', label: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(answer.ok ? '' : answer.error.message).toMatch(/address/);
    expect(calls).toEqual([]);
  });

  it('passes an AppError through with its code, message and retryable flag', async () => {
    const { router } = routerWith({
      'app.health': () => {
        throw new AppError('STORE_TOO_NEW', 'Update CoW Desk.', { retryable: true });
      },
    });
    await expect(router.handle('app.health', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'STORE_TOO_NEW', message: 'Update CoW Desk.', retryable: true },
    });
  });

  it('hides unexpected errors: no message, no stack crosses the boundary', async () => {
    const secret = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const { router, log } = routerWith({
      'app.health': () => {
        throw new Error(`failed while holding ${secret}`);
      },
    });
    const answer = await router.handle('app.health', undefined);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(answer)).not.toContain(secret);
    expect(JSON.stringify(answer)).not.toContain('at ');
    expect(JSON.stringify(log.lines)).not.toContain(secret.slice(2));
    // What went wrong is still in the local log, for whoever debugs it.
    expect(JSON.stringify(log.lines)).toContain('failed while holding [32-byte hex redacted]');
  });

  it('refuses to send an output that breaks the contract', async () => {
    const { router, log } = routerWith({ 'app.health': () => ({ ...report, appVersion: 12 }) as unknown as HealthReport });
    await expect(router.handle('app.health', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(log.lines.map((line) => line.message)).toContain('ipc output failed its schema');
  });
});
