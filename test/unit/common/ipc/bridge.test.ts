import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/common/errors';
import { createBridge, type BridgeTransport } from '../../../../main/common/ipc/bridge';
import type { Envelope } from '../../../../main/common/ipc/envelope';
import type { HealthReport } from '../../../../main/common/ipc/health-schemas';

const report: HealthReport = {
  appVersion: '1.2.3',
  environment: 'production',
  chains: [{ id: 1, alias: 'mainnet', name: 'Ethereum' }],
  store: { opened: true, path: '/tmp/x.sqlite', schemaVersion: 1, journalMode: 'wal' },
};

function transportAnswering(answer: unknown) {
  const calls: { command: string; input: unknown }[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const transport: BridgeTransport = {
    invoke: async (command, input) => {
      calls.push({ command, input });
      return answer as Envelope;
    },
    subscribe: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { transport, calls, listeners };
}

describe('createBridge', () => {
  it('sends the command and input and returns the parsed value', async () => {
    const { transport, calls } = transportAnswering({ ok: true, value: report });
    const bridge = createBridge(transport);
    await expect(bridge.invoke('app.health')).resolves.toEqual(report);
    expect(calls).toEqual([{ command: 'app.health', input: undefined }]);
  });

  it('throws the error main decided on, with its code, message and retryable flag', async () => {
    const error = { code: 'STORE_TOO_NEW', message: 'Update CoW Desk to open it.', retryable: false };
    const bridge = createBridge(transportAnswering({ ok: false, error }).transport);
    const thrown = await bridge.invoke('app.health').catch((reason: unknown) => reason);
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject(error);
  });

  it('refuses a malformed envelope', async () => {
    for (const answer of [undefined, 'ok', { ok: true }, { ok: false, error: { code: 'X' } }, { ok: 'yes', value: report }]) {
      const bridge = createBridge(transportAnswering(answer).transport);
      await expect(bridge.invoke('app.health')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    }
  });

  // Main parses every output and event payload against the contract before it leaves main
  // (test/unit/core/ipc/router.test.ts 'refuses to send an output that breaks the contract'; the event bus on emit): the renderer does not load zod to parse them again.
  it('delivers the event payloads of the subscribed event, and stops when unsubscribed', () => {
    const { transport, listeners } = transportAnswering(undefined);
    const received: HealthReport[] = [];
    const off = createBridge(transport).on('app.healthChanged', (payload) => received.push(payload));
    listeners.get('app.healthChanged')?.(report);
    expect(received).toEqual([report]);
    off();
    expect(listeners.has('app.healthChanged')).toBe(false);
  });
});
