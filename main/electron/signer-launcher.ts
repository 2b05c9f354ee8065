import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { SignerChild } from '../core/signer/signer-client';

/**
 * The signer as Electron's utilityProcess: a Node process of its own (its own
 * memory, its own crash), started from out/main/signer-process.js, the same
 * module `npm run preview` and the tests fork (core/signer/process). Electron
 * kills it with the app; the client starts a new one after it died.
 */
export function launchUtilitySigner(): SignerChild {
  const child = utilityProcess.fork(join(import.meta.dirname, 'signer-process.js'), [], { serviceName: 'CoW Desk signer', stdio: 'ignore' });
  return {
    get pid() {
      return child.pid;
    },
    // Electron's postMessage transfers MessagePortMain objects (the key import's port) with the message.
    post: (message, transfer) => child.postMessage(message, transfer as Electron.MessagePortMain[] | undefined),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.once('exit', () => listener()),
    kill: () => void child.kill(),
  };
}
