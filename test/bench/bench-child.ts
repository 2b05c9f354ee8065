import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bundleApp } from './app-bundle';

/**
 * A bench's child entry (fixtures/) bundled with the app's code as it is built (app-bundle.ts), the signer
 * process's entry of its own beside it (where node-launcher.ts looks for it); answers the entry's path.
 */
export async function bundleChild(name: string): Promise<string> {
  const outdir = await bundleApp(`bench-${name}`, {
    [name]: join(import.meta.dirname, `fixtures/${name}.ts`),
    'signer-process': join(import.meta.dirname, '../../main/core/signer/process/signer-process.ts'),
  });
  return join(outdir, `${name}.js`);
}

/**
 * Runs a bundled child in a process of its own (nothing of the bench in its heap) and answers the JSON lines it
 * printed, `count` of them; a child that stops with an error, or says less, fails the bench.
 */
export async function childReports<T>(entry: string, args: readonly string[], count = 1): Promise<T[]> {
  const child = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const reports: T[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) reports.push(JSON.parse(line) as T);
  });
  // 'close', not 'exit': the child's last lines may still be on their way out of its stdout when it exits.
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0 || reports.length !== count) throw new Error(`${entry} stopped with code ${code} after ${reports.length} of ${count} reports`);
  return reports;
}
