import { describe, expect, it } from 'vitest';
import { contract, isCommandName, isEventName } from '../../../../main/common/ipc/contract';

describe('IPC contract', () => {
  it('knows its own commands and events only, never inherited object keys', () => {
    expect(isCommandName('app.health')).toBe(true);
    expect(isCommandName('settings.update')).toBe(true);
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', '', 'app.nope', 42, null]) {
      expect(isCommandName(name)).toBe(false);
    }
    expect(isEventName('app.healthChanged')).toBe(true);
    expect(isEventName('valueOf')).toBe(false);
  });

  it('gives every command an input and an output schema and every event a payload schema', () => {
    for (const [name, spec] of Object.entries(contract.commands)) {
      expect(spec.input, name).toHaveProperty('safeParse');
      expect(spec.output, name).toHaveProperty('safeParse');
    }
    for (const [name, schema] of Object.entries(contract.events)) {
      expect(schema, name).toHaveProperty('safeParse');
    }
  });

  it('rejects inputs with unknown keys or out-of-range values', () => {
    const input = contract.commands['accounts.rename'].input;
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(input.safeParse({ address, label: 'Main' }).success).toBe(true);
    expect(input.safeParse({ address, label: '' }).success).toBe(false);
    expect(input.safeParse({ address, label: 'Main', extra: 1 }).success).toBe(false);
  });
});
