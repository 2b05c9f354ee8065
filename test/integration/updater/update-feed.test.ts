import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppImageUpdater as AppImageUpdaterType } from 'electron-updater';
import type { UpdateStatus } from '../../../main/common/update-status';
import { createUpdateController } from '../../../main/electron/updater';
import { installElectronForCommonJs, type ElectronForCommonJs } from '../../helpers/electron-for-commonjs';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';

const CURRENT = '0.1.0';
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

/** A release feed as electron-builder publishes it for Linux: latest-linux.yml next to the AppImage. */
function feedFor(version: string, artifact: Buffer, { publishedSha512 = sha512(artifact) } = {}) {
  const name = `cow-desk-${version}-linux-x86_64.AppImage`;
  const yml = [
    `version: ${version}`,
    'files:',
    `  - url: ${name}`,
    `    sha512: ${publishedSha512}`,
    `    size: ${artifact.length}`,
    `path: ${name}`,
    `sha512: ${publishedSha512}`,
    `releaseDate: '2026-11-20T10:00:00.000Z'`,
    '',
  ].join('\n');
  return new Map<string, Buffer>([
    ['/latest-linux.yml', Buffer.from(yml)],
    [`/${name}`, artifact],
  ]);
}

/**
 * The update controller of main/electron/updater.ts on electron-updater's AppImage updater (the
 * Linux one), under Node with the Electron stand-in, against a feed served on 127.0.0.1.
 */
describe('auto-update against a local feed', () => {
  const dir = makeTempDir('cow-desk-update-');
  let electron: ElectronForCommonJs;
  let AppImageUpdater: typeof AppImageUpdaterType;
  let server: Server;
  let files = new Map<string, Buffer>();
  const requested: string[] = [];
  const env = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };

  beforeAll(async () => {
    electron = installElectronForCommonJs({ version: CURRENT, userData: join(dir.path, 'userData') });
    ({ AppImageUpdater } = createRequire(import.meta.url)('electron-updater') as typeof import('electron-updater'));
    // The running app is an AppImage, and downloads land in the user's cache folder.
    process.env.APPIMAGE = join(dir.path, `cow-desk-${CURRENT}-linux-x86_64.AppImage`);
    writeFileSync(process.env.APPIMAGE, 'the installed AppImage');
    process.env.XDG_CACHE_HOME = join(dir.path, 'cache');
    server = createServer((request, response) => {
      // electron-updater adds ?noCache=… to the channel file's URL.
      const path = new URL(request.url ?? '/', 'http://feed').pathname;
      requested.push(path);
      const body = files.get(path);
      if (!body) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => {
    requested.length = 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    electron.remove();
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    dir.remove();
  });

  /** A fresh app: its app-update.yml (as electron-builder writes it) points at feedUrl. */
  let apps = 0;
  function startApp(feedUrl: string) {
    apps += 1;
    const resources = join(dir.path, `resources-${apps}`);
    mkdirSync(resources);
    writeFileSync(join(resources, 'app-update.yml'), `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: cow-desk-updater\n`);
    const updater = new AppImageUpdater();
    updater.updateConfigPath = join(resources, 'app-update.yml');
    const statuses: UpdateStatus[] = [];
    const log = recordingLogger();
    let settle: (status: UpdateStatus) => void = () => undefined;
    const settled = new Promise<UpdateStatus>((resolve) => (settle = resolve));
    const controller = createUpdateController({
      updater,
      log,
      currentVersion: CURRENT,
      publish: (status) => {
        statuses.push(status);
        if (['none', 'ready', 'offline', 'refused', 'error', 'unsupported'].includes(status.state)) settle(status);
      },
    });
    return { controller, statuses, settled, log };
  }
  const feedUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const pending = () => join(process.env.XDG_CACHE_HOME!, 'cow-desk-updater', 'pending');

  it('offers a newer version, downloads it with progress, verifies it and installs it on quit', async () => {
    const artifact = Buffer.alloc(512 * 1024, 7);
    files = feedFor('0.2.0', artifact);
    const app = startApp(feedUrl());
    await app.controller.check('start');
    const final = await app.settled;
    expect(final).toMatchObject({ state: 'ready', version: '0.2.0', message: 'CoW Desk 0.2.0 is downloaded and will be installed when you quit.' });
    const states = app.statuses.map((status) => status.state);
    expect(states.slice(0, 2)).toEqual(['checking', 'available']);
    expect(states).toContain('downloading');
    expect(app.statuses.find((status) => status.state === 'downloading')!.message).toMatch(/^Downloading CoW Desk 0\.2\.0: \d+%\.$/);
    expect(requested).toContain('/cow-desk-0.2.0-linux-x86_64.AppImage');
    const downloaded = readdirSync(pending()).filter((file) => file.endsWith('.AppImage'));
    expect(downloaded.map((file) => readFileSync(join(pending(), file)).equals(artifact))).toEqual([true]);
    // Installed on quit: the updater waits for the app's quit event rather than restarting it now.
    expect(electron.app.listenerCount('quit')).toBeGreaterThan(0);
    expect(electron.quitCalls).toBe(0);
  });

  it('refuses a download whose sha512 does not match the feed, and says so', async () => {
    const artifact = Buffer.alloc(256 * 1024, 9);
    files = feedFor('0.3.0', artifact, { publishedSha512: sha512(Buffer.from('what the maintainers published')) });
    const app = startApp(feedUrl());
    await app.controller.check('start');
    const final = await app.settled;

    expect(final).toMatchObject({ state: 'refused', version: '0.3.0' });
    expect(final.message).toMatch(/did not match its published checksum .* the details are in the log/);
    expect(app.statuses.some((status) => status.state === 'ready')).toBe(false);
    expect(requested).toContain('/cow-desk-0.3.0-linux-x86_64.AppImage');
    expect(existsSync(pending()) ? readdirSync(pending()).filter((file) => file.includes('0.3.0')) : []).toEqual([]);
    // "The details are in the log" is true: the mismatch is there.
    expect(app.log.lines.find((line) => line.message === 'update failed')?.fields).toMatchObject({ state: 'refused', error: expect.objectContaining({ message: expect.stringMatching(/sha512 checksum mismatch/) }) });
  });

  it('ignores an older version in the feed, and the same version', async () => {
    for (const version of ['0.0.9', CURRENT]) {
      files = feedFor(version, Buffer.from('old build'));
      const app = startApp(feedUrl());
      await app.controller.check('menu');
      expect(await app.settled).toMatchObject({ state: 'none', manual: true, message: `CoW Desk ${CURRENT} is up to date.` });
      expect(requested.filter((url) => url.endsWith('.AppImage'))).toEqual([]);
    }
  });

  it('says clearly when the feed cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const app = startApp(`http://127.0.0.1:${port}/`);
    await app.controller.check('menu');
    expect(await app.settled).toMatchObject({ state: 'offline', message: expect.stringMatching(/^Could not check for updates: this computer seems to be offline/) });
  });
});
