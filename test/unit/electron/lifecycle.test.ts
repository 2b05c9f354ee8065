import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { recordingLogger } from '../../helpers/recording-logger';
import type { fakeElectron } from './fake-electron';

const electron = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof import('./fake-electron').fakeElectron> }));
vi.mock('electron', async () => {
  const { fakeElectron: make } = await import('./fake-electron');
  electron.current = make();
  return electron.current.module;
});

const { installLifecycle, recoverRenderer } = await import('../../../main/electron/lifecycle');
const { createDeepLinkHandler } = await import('../../../main/electron/deep-links');
const { installMenu } = await import('../../../main/electron/menu');
const { applyCrashUploadChoice, setCrashUpload, startCrashReporter } = await import('../../../main/electron/crash-reports');
const fake = (): ReturnType<typeof fakeElectron> => electron.current;
type FakeWindow = InstanceType<ReturnType<typeof fakeElectron>['module']['BrowserWindow']>;

const UID = `0x${'ab'.repeat(56)}` as const;
const newWindow = () => new (fake().module.BrowserWindow)({}) as FakeWindow;
const asElectron = (window: FakeWindow) => window as unknown as ElectronWindow;

describe('app lifecycle', () => {
  let window: FakeWindow | null;
  const created: FakeWindow[] = [];
  const links: string[] = [];
  const log = recordingLogger();

  beforeEach(() => {
    window = newWindow();
    created.length = 0;
    links.length = 0;
    installLifecycle({
      window: () => (window ? asElectron(window) : null),
      createWindow: () => {
        window = newWindow();
        created.push(window);
        return asElectron(window);
      },
      openLink: (link) => links.push(link),
      log,
    });
  });

  it('brings a window hidden to the tray back when the app is started again', () => {
    window!.hide();
    fake().emitApp('second-instance', {}, ['/opt/CoW Desk/cow-desk'], '/home/u');
    expect(window).toMatchObject({ visible: true, focused: true });
    expect(links).toEqual([]);
    expect(created).toEqual([]);
  });

  it('restores a minimised window on a second start, and opens the link it was started with', () => {
    window!.minimized = true;
    fake().emitApp('second-instance', {}, ['/opt/CoW Desk/cow-desk', '--no-sandbox', `cow-desk://order/${UID}`], '/home/u');
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
    expect(links).toEqual([`cow-desk://order/${UID}`]);
  });

  it('re-creates the window on macOS activate when there is none, and shows it when hidden', () => {
    window!.hide();
    fake().emitApp('activate');
    expect(window).toMatchObject({ visible: true, focused: true });
    window = null;
    fake().emitApp('activate');
    expect(created).toHaveLength(1);
    fake().emitApp('second-instance', {}, [], '/');
    expect(created).toHaveLength(1);
  });

  it('takes links macOS delivers through open-url', () => {
    const preventDefault = vi.fn();
    fake().emitApp('open-url', { preventDefault }, `cow-desk://gc/order/${UID}`);
    expect(preventDefault).toHaveBeenCalled();
    expect(links).toEqual([`cow-desk://gc/order/${UID}`]);
  });
});

describe('a window whose page process dies', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000_000;
    fake().module.dialog.showMessageBox.mockClear();
  });

  it('is reloaded, the user is told, and the log holds the details the message points to', () => {
    const window = newWindow();
    const log = recordingLogger();
    recoverRenderer(asElectron(window), log, () => now);
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    const [, options] = fake().module.dialog.showMessageBox.mock.calls[0] as unknown as [unknown, { message: string; detail: string }];
    expect(options.message).toBe('The CoW Desk window stopped unexpectedly and was reloaded.');
    expect(options.detail).toMatch(/The details are in the log \(Help > Open Logs Folder\)\./);
    expect(log.lines).toEqual([{ level: 'error', message: 'window process gone', fields: { reason: 'crashed', exitCode: 139, reload: true } }]);
  });

  it('is not reloaded after a clean exit, nor a fourth time within a minute', () => {
    const window = newWindow();
    recoverRenderer(asElectron(window), recordingLogger(), () => now);
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(window.webContents.reload).not.toHaveBeenCalled();
    for (let crash = 0; crash < 4; crash += 1) {
      now += 5_000;
      window.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: -1 });
    }
    expect(window.webContents.reload).toHaveBeenCalledTimes(3);
    const last = fake().module.dialog.showMessageBox.mock.calls.at(-1) as unknown as [unknown, { message: string }];
    expect(last[1].message).toMatch(/keeps stopping/);
    // A minute later it is given another chance.
    now += 61_000;
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(window.webContents.reload).toHaveBeenCalledTimes(4);
  });
});

describe('cow-desk:// links', () => {
  const opened: string[] = [];
  const refused: string[] = [];
  const log = recordingLogger();
  let shown = 0;
  const open = createDeepLinkHandler({ showWindow: () => (shown += 1), openOrder: (uid) => opened.push(uid), refuse: (message) => refused.push(message), log });
  afterEach(() => {
    opened.length = 0;
    refused.length = 0;
    shown = 0;
  });

  it('show the window with the order open in History', () => {
    open(`cow-desk://arb1/order/${UID.toUpperCase().replace('0X', '0x')}`);
    expect(opened).toEqual([UID]);
    expect(shown).toBe(1);
    expect(log.lines.at(-1)).toEqual({ level: 'info', message: 'link opened', fields: { uid: UID, chainId: 42161 } });
  });

  it('are refused with the reason when invalid, and nothing opens', () => {
    open('cow-desk://order/0x1234');
    open(`cow-desk://polygon/order/${UID}`);
    expect(opened).toEqual([]);
    expect(refused).toEqual([
      expect.stringMatching(/^CoW Desk cannot open this link: "0x1234" is not an order UID/),
      expect.stringMatching(/"polygon" is not a chain CoW Desk knows/),
    ]);
    expect(log.lines.filter((line) => line.message === 'link refused')).toHaveLength(2);
  });
});

describe('Help menu', () => {
  type Item = { label?: string; role?: string; type?: string; checked?: boolean; click?: (item: { checked: boolean }) => void; submenu?: Item[] };
  const help = () => ((fake().menus.at(-1)!.template as Item[]).find((item) => item.role === 'help')!.submenu ?? []);

  it('opens the logs folder and checks for updates', () => {
    const calls: string[] = [];
    installMenu({ navigate: () => undefined, openLogs: () => calls.push('logs'), checkForUpdates: () => calls.push('updates'), crashReports: { available: false, chosen: false, choose: () => undefined } });
    help().find((item) => item.label === 'Open Logs Folder')!.click!({ checked: false });
    help().find((item) => item.label === 'Check for Updates…')!.click!({ checked: false });
    expect(calls).toEqual(['logs', 'updates']);
    expect(help().some((item) => item.label === 'Send Crash Reports')).toBe(false);
  });

  it('offers the crash report choice only where the build has a server, showing the stored choice', () => {
    const chosen: boolean[] = [];
    installMenu({ navigate: () => undefined, openLogs: () => undefined, checkForUpdates: () => undefined, crashReports: { available: true, chosen: false, choose: (upload) => chosen.push(upload) } });
    const item = help().find((entry) => entry.label === 'Send Crash Reports')!;
    expect(item).toMatchObject({ type: 'checkbox', checked: false });
    item.click!({ checked: true });
    expect(chosen).toEqual([true]);
  });
});

describe('crash reports', () => {
  const stored = new Map<string, unknown>();
  const settings = {
    readInternal: (key: string, _schema: unknown, fallback: unknown) => (stored.has(key) ? stored.get(key) : fallback),
    writeInternal: (key: string, _schema: unknown, value: unknown) => stored.set(key, value),
  } as unknown as import('../../../main/core/settings/settings-service').SettingsService;
  afterEach(() => {
    vi.unstubAllEnvs();
    stored.clear();
  });

  it('are kept on this computer from the start, and not sent unless the user opts in', () => {
    startCrashReporter();
    expect(fake().module.crashReporter.start).toHaveBeenCalledWith(expect.objectContaining({ uploadToServer: false }));
    vi.stubEnv('MAIN_VITE_CRASH_REPORT_URL', 'https://crash.example/submit');
    const log = recordingLogger();
    applyCrashUploadChoice(settings, log);
    expect(fake().module.crashReporter.setUploadToServer).toHaveBeenLastCalledWith(false);
    setCrashUpload(settings, log, true);
    expect(fake().module.crashReporter.setUploadToServer).toHaveBeenLastCalledWith(true);
    expect(log.lines.at(-1)).toEqual({ level: 'info', message: 'crash reports', fields: { dumps: '/fake/crashDumps', upload: true } });
  });

  it('are never sent by a build without a crash report server, whatever was chosen', () => {
    stored.set('crashReports.upload', true);
    applyCrashUploadChoice(settings, recordingLogger());
    expect(fake().module.crashReporter.setUploadToServer).toHaveBeenLastCalledWith(false);
  });
});
