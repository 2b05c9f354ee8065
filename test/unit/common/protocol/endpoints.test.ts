import { describe, expect, it } from 'vitest';
import { validateBaseUrl } from '../../../../main/common/protocol/endpoints';

describe('service endpoints', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(validateBaseUrl('https://api.cow.fi/')).toBe('https://api.cow.fi');
    expect(validateBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(validateBaseUrl('http://localhost:3000/')).toBe('http://localhost:3000');
  });

  it('rejects plain http elsewhere, other schemes, credentials and garbage with a message', () => {
    expect(() => validateBaseUrl('http://api.cow.fi')).toThrow(/use https, or http only on 127.0.0.1/);
    expect(() => validateBaseUrl('http://192.168.1.10')).toThrow(/use https/);
    expect(() => validateBaseUrl('ftp://api.cow.fi')).toThrow(/use https/);
    expect(() => validateBaseUrl('https://me:secret@api.cow.fi')).toThrow(/user name or password/);
    expect(() => validateBaseUrl('https://api.cow.fi/?k=1')).toThrow(/query/);
    expect(() => validateBaseUrl('https://api.cow.fi/#x')).toThrow(/fragment/);
    expect(() => validateBaseUrl('api.cow.fi')).toThrowError(expect.objectContaining({ code: 'INVALID_BASE_URL' }));
  });
});
