import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStandInElectron } from '../../../build/electron-stand-in.mjs';
import { renderIcons } from '../../../build/render-icons.mjs';
import { makeTempDir } from '../../helpers/temp-dir';

const run = promisify(execFile);
const ON = 49;
const OFF = 48;
/** The budget for everything but the Electron runtime, on Linux x64. */
const PAYLOAD_LIMIT_BYTES = 15 * 1024 * 1024;

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

function filesUnder(path: string): string[] {
  return readdirSync(path, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The real Electron distribution cannot be downloaded here, so electron-builder packs the app
 * around a stand-in (build/electron-stand-in.mjs) whose fuse wire is flipped like the real one.
 */
describe('electron-builder --dir with a stand-in Electron', () => {
  const dir = makeTempDir('cow-desk-package-');
  const appDir = join(dir.path, 'out', 'linux-unpacked');
  const resources = join(appDir, 'resources');
  const asar = join(resources, 'app.asar');

  beforeAll(async () => {
    if (!existsSync('out/main/index.js')) throw new Error('Build first (npm run build): the package is made of the build output.');
    renderIcons();
    writeStandInElectron(join(dir.path, 'electron'));
    await run(
      process.execPath,
      [
        'node_modules/electron-builder/cli.js',
        '--config', 'electron-builder.yml', '--dir', '--linux', '--x64',
        `-c.electronDist=${join(dir.path, 'electron')}`, '-c.electronVersion=45.4.1', `-c.directories.output=${join(dir.path, 'out')}`,
      ],
      { env: { ...process.env, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 },
    );
  }, 240_000);
  afterAll(() => dir.remove());

  it('puts the built main, preload and renderer into app.asar, and no sources or tests', () => {
    const files = listPackage(asar, { isPack: false });
    expect(files).toEqual(expect.arrayContaining(['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/package.json']));
    expect(files.some((file) => file.startsWith('/main/') || file.startsWith('/test/') || file.startsWith('/renderer/'))).toBe(false);
    expect(files.some((file) => file.startsWith('/node_modules/vitest') || file.startsWith('/node_modules/electron/') || file.startsWith('/node_modules/sirv'))).toBe(false);
  });

  it('ships nothing of the Uniswap default token list (GPL-3.0-or-later, a test fixture only)', () => {
    const files = listPackage(asar, { isPack: false });
    expect(files.filter((file) => file.includes('@uniswap'))).toEqual([]);
    // Nor a copy bundled into the build output: the list's own name is in none of its files.
    const built = files.filter((file) => file.startsWith('/out/') && /\.(js|cjs|mjs|json|html)$/.test(file));
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((file) => extractFile(asar, file.slice(1)).toString('utf8').includes('Uniswap Labs Default'))).toEqual([]);
  });

  it('keeps the app payload (everything but the Electron runtime) within 15 MB', () => {
    const payload = sizeOf(resources);
    console.log(`app payload, linux x64: ${(payload / 1024 / 1024).toFixed(2)} MB (${payload} bytes: ${readdirSync(resources).join(', ')})`);
    expect(payload).toBeLessThanOrEqual(PAYLOAD_LIMIT_BYTES);
  });

  it('unpacks the native modules for linux-x64 only, next to the asar', () => {
    const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
    expect(existsSync(join(unpacked, 'better-sqlite3', 'prebuilds', 'linux-x64.node'))).toBe(true);
    expect(existsSync(join(unpacked, '@github', 'keytar', 'prebuilds', 'linux-x64', 'keytar.node'))).toBe(true);
    const natives = filesUnder(join(resources, 'app.asar.unpacked')).filter((file) => file.endsWith('.node'));
    expect(natives.map((file) => file.slice(unpacked.length + 1)).sort()).toEqual(['@github/keytar/prebuilds/linux-x64/keytar.node', 'better-sqlite3/prebuilds/linux-x64.node']);
  });

  it('holds every package the bundled main process imports at run time (the rest is bundled)', () => {
    const files = new Set(listPackage(asar, { isPack: false }));
    const main = listPackage(asar, { isPack: false }).filter((file) => file.startsWith('/out/main/') && file.endsWith('.js'));
    const specifiers = new Set<string>();
    for (const file of main) {
      const code = extractFile(asar, file.slice(1)).toString('utf8');
      // Rollup writes static imports as top-level statements and keeps dynamic ones as import("...").
      const statics = code.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^".][^"]*)";/gm);
      const dynamics = code.matchAll(/\bimport\("([^".][^"]*)"\)/g);
      for (const [, specifier] of [...statics, ...dynamics]) specifiers.add(specifier!);
    }
    const packages = [...specifiers].filter((name) => !name.startsWith('node:') && name !== 'electron');
    expect(packages.length).toBeGreaterThan(0);
    for (const name of packages) {
      const root = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
      expect(files.has(`/node_modules/${root}/package.json`), `${name} is imported by out/main but not packaged`).toBe(true);
    }
  });

  it('writes the update feed configuration next to the asar', () => {
    const config = readFileSync(join(resources, 'app-update.yml'), 'utf8');
    expect(config).toMatch(/provider: github/);
    expect(config).toMatch(/updaterCacheDirName: cow-desk-updater/);
  });

  it('flips the fuses of electron-builder.yml in the packaged binary', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'cow-desk'));
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(OFF);
  });
});
