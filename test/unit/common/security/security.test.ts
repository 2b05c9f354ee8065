import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../../main/common/security/csp';
import { isAllowedExternalUrl } from '../../../../main/common/security/external-links';

describe('content security policy', () => {
  it('lets the Electron renderer open no connection at all', () => {
    const csp = contentSecurityPolicy("'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe');
  });
});

describe('external link allowlist', () => {
  it('opens only explorer pages', () => {
    expect(isAllowedExternalUrl('https://explorer.cow.fi/gc/orders/0xabc')).toBe(true);
    expect(isAllowedExternalUrl('https://staging.explorer.cow.fi/orders/0xabc')).toBe(true);
  });

  it('refuses look-alikes, other schemes and credentials in the URL', () => {
    for (const url of [
      'http://explorer.cow.fi/orders/1',
      'https://explorer.cow.fi.evil.example/',
      'https://evil.example/?https://explorer.cow.fi',
      'https://user:pass@explorer.cow.fi/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'garbage',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });
});
