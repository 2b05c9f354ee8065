import type { DesktopNotification } from '../../main/common/notifications/notifier';
import { createServices, type ServicePorts, type Services } from '../../main/core/services';
import { testKeychainService } from './keychain-service';
import { recordingLogger } from './recording-logger';

/**
 * A fetch that only reaches this machine: no test, whatever it composes, can touch the live services.
 * A test that names no service keeps the live URLs (as a user sees them in Settings); the background
 * work the app always runs (probes, sync, watcher, token lists) then fails at once, here.
 */
export function loopbackOnly(inner: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      return Promise.reject(new TypeError(`tests reach only loopback hosts, not ${url.host}`));
    }
    return inner(input, init);
  };
}

export type TestPorts = Partial<ServicePorts> & Pick<ServicePorts, 'userDataDir'>;

/**
 * The app exactly as Electron and `npm run preview` compose it (createServices, every
 * background service running), with the ports a test replaces: folders, URLs, keychain service, clocks, timings, the notifier
 * sink (recorded in `shown`), the relaunch (counted in `relaunches`). It takes no switch
 * because createServices has none.
 */
export function composeApp(ports: TestPorts): Services & { shown: DesktopNotification[]; relaunches: number } {
  const shown: DesktopNotification[] = [];
  const relaunched = { count: 0 };
  const services = createServices({
    appVersion: 'test',
    log: recordingLogger(),
    notifier: { show: (notification) => void shown.push(notification) },
    // Beside the data folder, never in it (a test removing the folder removes its choice too).
    dataLocationFile: `${ports.userDataDir}.location.json`,
    relaunch: () => void (relaunched.count += 1),
    ...ports,
    // Never the desktop app's own keychain entries, and never another test process's.
    keychainService: ports.keychainService ?? testKeychainService('CoW Desk tests'),
    fetch: loopbackOnly(ports.fetch),
  });
  return Object.defineProperties(Object.assign(services, { shown }), { relaunches: { get: () => relaunched.count } }) as Services & { shown: DesktopNotification[]; relaunches: number };
}

/** Calls through the app's IPC router, answering the value or throwing the command and its error: for a bench or a fixture that cannot go on without it. */
export function routerCaller(services: Pick<Services, 'router'>): (command: string, input?: unknown) => Promise<unknown> {
  return async (command, input) => {
    const answer = await services.router.handle(command, input);
    if (!answer.ok) throw new Error(`${command}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  };
}
