import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, isTrustedSender } from '../../../../main/common/ipc/sender-policy';

describe('isTrustedSender', () => {
  it('trusts only the main frame of our own app:// page', () => {
    // Written out, not built from APP_ORIGIN: the page Electron loads is app://cow-desk/index.html.
    expect(isTrustedSender({ url: 'app://cow-desk/index.html', isMainFrame: true })).toBe(true);
    expect(APP_ORIGIN).toBe('app://cow-desk');
    expect(isTrustedSender({ url: `${APP_ORIGIN}/index.html`, isMainFrame: false })).toBe(false);
  });

  it('refuses other origins, schemes, hosts and garbage', () => {
    for (const url of [
      'https://evil.example/index.html',
      'file:///tmp/index.html',
      'app://other-host/index.html',
      'app:///index.html',
      'https://cow-desk/index.html',
      'http://cow-desk/index.html',
      'http://127.0.0.1:5173/',
      'not a url',
      '',
    ]) {
      expect(isTrustedSender({ url, isMainFrame: true }), url).toBe(false);
    }
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });

  // A prefix or suffix match on the host would trust a page on another host that merely shares
  // our name (app://cow-desk.evil/ is another origin Chromium would load like any other).
  it('refuses hosts that only begin or end with ours, and our host on another port', () => {
    for (const url of ['app://cow-desk.evil/index.html', 'app://cow-desk-evil/index.html', 'app://evilcow-desk/index.html', 'app://cow-desk:8080/index.html']) {
      expect(isTrustedSender({ url, isMainFrame: true }), url).toBe(false);
    }
  });
});
