import { describe, expect, it } from 'vitest';
import { updateFailure, updateStatus, updateStatusSchema } from '../../../main/common/update-status';

/**
 * The self-update banner's sentences and what an updater error means, in the unit layer (only the
 * updater's integration and e2e tests read them before; StrykerJS: 50 mutants with no unit test).
 */
describe('update status in words', () => {
  it.each([
    ['checking', 'Checking for updates…'],
    ['none', 'CoW Desk 0.1.0 is up to date.'],
    ['available', 'CoW Desk 0.2.0 is available; downloading it now.'],
    ['ready', 'CoW Desk 0.2.0 is downloaded and will be installed when you quit.'],
    ['offline', 'Could not check for updates: this computer seems to be offline. CoW Desk checks again at the next start, or use Help > Check for Updates.'],
    ['refused', 'The downloaded update did not match its published checksum or signature and was discarded; the details are in the log.'],
    ['error', 'Checking for or downloading the update failed; the details are in the log.'],
    ['unsupported', 'Updates are installed by the packaged app only (this is a development build).'],
  ] as const)('%s', (state, message) => {
    const status = updateStatus({ state, currentVersion: '0.1.0', version: '0.2.0', percent: 40, manual: true });
    expect(status).toEqual({ state, version: '0.2.0', percent: null, manual: true, message });
    expect(updateStatusSchema.parse(status)).toEqual(status);
  });

  it('downloading: the percent, whole in words and kept within 0-100, 0 before the first progress', () => {
    expect(updateStatus({ state: 'downloading', currentVersion: '0.1.0', version: '0.2.0', percent: 42.7 })).toEqual({
      state: 'downloading', version: '0.2.0', percent: 42.7, manual: false, message: 'Downloading CoW Desk 0.2.0: 42%.',
    });
    expect(updateStatus({ state: 'downloading', currentVersion: '0.1.0', version: '0.2.0', percent: 120 })).toMatchObject({ percent: 100, message: 'Downloading CoW Desk 0.2.0: 100%.' });
    expect(updateStatus({ state: 'downloading', currentVersion: '0.1.0', version: '0.2.0', percent: -5 })).toMatchObject({ percent: 0, message: 'Downloading CoW Desk 0.2.0: 0%.' });
    expect(updateStatus({ state: 'downloading', currentVersion: '0.1.0', version: '0.2.0' })).toMatchObject({ percent: 0, message: 'Downloading CoW Desk 0.2.0: 0%.' });
    expect(updateStatus({ state: 'none', currentVersion: '0.1.0' })).toEqual({ state: 'none', version: null, percent: null, manual: false, message: 'CoW Desk 0.1.0 is up to date.' });
  });

  it.each([
    ['net::ERR_INTERNET_DISCONNECTED', 'offline'],
    ['net::ERR_NAME_NOT_RESOLVED', 'offline'],
    ['net::ERR_CONNECTION_REFUSED', 'offline'],
    ['net::ERR_PROXY_CONNECTION_FAILED', 'offline'],
    ['getaddrinfo ENOTFOUND github.com', 'offline'],
    ['connect ECONNREFUSED 127.0.0.1:443', 'offline'],
    ['read ECONNRESET', 'offline'],
    ['sha512 checksum mismatch, expected abc', 'refused'],
    ['New version 0.2.0 is not signed by the application owner', 'refused'],
    ['Code signature at URL did not pass validation', 'refused'],
    ['Cannot find latest-linux.yml in the latest release artifacts (HttpError: 404)', 'error'],
    ['XECONNREFUSEDX', 'error'],
    ['net::ERR_FAILED', 'error'],
  ] as const)('%s means %s', (text, meaning) => {
    expect(updateFailure(text)).toBe(meaning);
  });
});
