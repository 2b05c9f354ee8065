import { unseal, type SignerInit, type SignerReply, type SignerRequest } from '../../../main/core/signer/process/channel';
import { forkSigner } from '../../../main/core/signer/process/node-launcher';
import type { SignerChild, SignerLauncher } from '../../../main/core/signer/signer-client';

/** One answer of a signer process: to which request, and whether it signed or refused (with its code). */
export interface SignerAnswer {
  method: string;
  ok: boolean;
  code?: string;
}

/**
 * The real signer process, launched as the app launches it, with the tests'
 * hands on it: which processes were started, and a kill -9 at the moment the
 * next request has been handed to the running one, and every answer it gave
 * (read with the launch's secret, as main reads it).
 */
export function signerSpy() {
  const started: SignerChild[] = [];
  const answers: SignerAnswer[] = [];
  let armed: ((pid: number) => void) | null = null;
  const launcher: SignerLauncher = () => {
    const child = forkSigner();
    started.push(child);
    let secret: Buffer | null = null;
    const asked = new Map<number, string>();
    return {
      get pid() {
        return child.pid;
      },
      onMessage: (listener) =>
        child.onMessage((message) => {
          const reply = secret && unseal<SignerReply>(secret, message);
          if (reply) answers.push({ method: asked.get(reply.id) ?? 'unknown', ok: reply.ok, ...(reply.ok ? {} : { code: reply.error.code }) });
          listener(message);
        }),
      onExit: (listener) => child.onExit(listener),
      kill: () => child.kill(),
      post: (message, transfer) => {
        if ((message as SignerInit).type === 'init') secret = Buffer.from((message as SignerInit).secret, 'hex');
        else if (secret) {
          const request = unseal<SignerRequest>(secret, message);
          if (request) asked.set(request.id, request.method);
        }
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
    answers,
    /** Resolves with the pid killed once the next request has been sent to the signer. */
    killOnNextRequest: () => new Promise<number>((resolve) => (armed = resolve)),
  };
}
