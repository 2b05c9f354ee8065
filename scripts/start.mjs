// `npm start`: launch the built app in Electron. The electron npm package fetches
// its binary from the internet on first use; where that has not happened, say how
// to get it in one line instead of a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));
const pathFile = join(electronDir, 'path.txt');
const binary = existsSync(pathFile) ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined;

if (!binary || !existsSync(binary)) {
  console.error('CoW Desk: the Electron binary is not installed; run `npx install-electron` (needs internet), then `npm start` again. Without it, `npm run preview` opens the app in a browser.');
  process.exit(1);
}

// Arguments after `--` reach the app: `npm start -- cow-desk://order/<uid>` opens that order.
const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
