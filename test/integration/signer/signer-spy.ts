import { forkSigner } from '../../../main/core/signer/process/node-launcher';
import type { SignerChild, SignerLauncher } from '../../../main/core/signer/signer-client';

/**
 * The real signer process, launched as the app launches it, with the tests'
 * hands on it: which processes were started, and a kill -9 at the moment the
 * next request has been handed to the running one.
 */
export function signerSpy() {
  const started: SignerChild[] = [];
  let armed: ((pid: number) => void) | null = null;
  const launcher: SignerLauncher = () => {
    const child = forkSigner();
    started.push(child);
    return {
      get pid() {
        return child.pid;
      },
      onMessage: (listener) => child.onMessage(listener),
      onExit: (listener) => child.onExit(listener),
      kill: () => child.kill(),
      post: (message, transfer) => {
        child.post(message, transfer);
        if ((message as { type?: string }).type === 'init' || !armed) return;
        const killed = armed;
        armed = null;
        process.kill(child.pid!, 'SIGKILL');
        killed(child.pid!);
      },
    };
  };
  return {
    launcher,
    started,
    /** Resolves with the pid killed once the next request has been sent to the signer. */
    killOnNextRequest: () => new Promise<number>((resolve) => (armed = resolve)),
  };
}
