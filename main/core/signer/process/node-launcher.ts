import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SignerChild } from '../signer-client';

/**
 * The signer as a forked Node process, for `npm run preview` and the tests: the
 * same signer-process module the app runs as Electron's utilityProcess. From
 * sources (tsx) it is the .ts file; from a build, the bundled entry beside main.
 */
export function forkSigner(): SignerChild {
  const built = join(import.meta.dirname, 'signer-process.js');
  const entry = existsSync(built) ? built : join(import.meta.dirname, 'signer-process.ts');
  const child = fork(entry, [], {
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
    // Its stdout is not main's: a child printing there could interleave with whatever main prints.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'json',
  });
  return {
    get pid() {
      return child.pid;
    },
    post: (message) => {
      if (child.connected) child.send(message as object);
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => {
      let reported = false;
      const report = () => {
        if (!reported) listener();
        reported = true;
      };
      child.once('exit', report);
      // A process that never started (or a send to one that just died) ends here; 'exit' covers the rest.
      child.on('error', () => {
        if (child.pid === undefined) report();
      });
    },
    kill: () => child.kill(),
  };
}
