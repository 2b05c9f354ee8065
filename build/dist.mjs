// `npm run dist -- <electron-builder arguments>`: renders the icons, then runs electron-builder with
// electron-builder.yml. electron-builder downloads the Electron runtime for each target (on CI).
// Where that binary cannot be downloaded, a Linux `--dir` check build is laid out around a
// stand-in Electron instead (build/electron-stand-in.mjs), with a warning: the folder is for
// inspecting the package and cannot run. Installers are never made around the stand-in.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeStandInElectron } from './electron-stand-in.mjs';
import { renderIcons } from './render-icons.mjs';

const args = process.argv.slice(2);
renderIcons();

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));
const hasRealElectron = existsSync(join(electronDir, 'path.txt'));
const onlyDir = args.includes('--dir') || (args.includes('dir') && !args.some((arg) => /^(AppImage|deb|dmg|zip|nsis)$/.test(arg)));
const linux = args.includes('--linux') || args.includes('-l') || (process.platform === 'linux' && !args.some((arg) => /^(--mac|-m|--win|-w)$/.test(arg)));
const extra = [];
if (!hasRealElectron && onlyDir && linux && process.env.COW_DESK_DOWNLOAD_ELECTRON !== '1') {
  const dir = writeStandInElectron(join(tmpdir(), 'cow-desk-electron-stand-in'));
  const { version } = require('electron/package.json');
  console.warn(`dist: the Electron binary is not installed; packaging around a stand-in (${dir}). The result cannot run;`);
  console.warn('dist: run `npx install-electron` (or set COW_DESK_DOWNLOAD_ELECTRON=1) for a runnable build.');
  extra.push(`-c.electronDist=${dir}`, `-c.electronVersion=${version}`);
}
const run = spawnSync(process.execPath, [require.resolve('electron-builder/cli.js'), '--config', 'electron-builder.yml', ...args, ...extra], { stdio: 'inherit' });
process.exit(run.status ?? 1);
