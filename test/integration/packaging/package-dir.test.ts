import { execFile } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir';

const run = promisify(execFile);
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 49;
const OFF = 48;

/**
 * The real Electron distribution cannot be downloaded here, so electron-builder
 * packs the app around a stand-in: a script named `electron` that carries a V1
 * fuse wire (sentinel, version 1, eight fuses at Electron's defaults) so the
 * fuses configured in electron-builder.yml are really flipped and can be read back.
 */
function writeStandInElectron(dir: string): void {
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, 8]), Buffer.from('10110001')]);
  const script = Buffer.from('#!/bin/sh\necho "stand-in Electron: the real binary cannot be downloaded here" >&2\nexit 1\n# ');
  writeFileSync(join(dir, 'electron'), Buffer.concat([script, wire, Buffer.from('\n')]));
  chmodSync(join(dir, 'electron'), 0o755);
}

describe('electron-builder --dir with a stand-in Electron', () => {
  const dir = makeTempDir('cow-desk-package-');
  const appDir = join(dir.path, 'out', 'linux-unpacked');

  beforeAll(async () => {
    if (!existsSync('out/main/index.js')) throw new Error('Build first (npm run build): the package is made of the build output.');
    writeStandInElectron(dir.path);
    await run(
      process.execPath,
      [
        'node_modules/electron-builder/cli.js',
        '--config', 'electron-builder.yml', '--dir', '--linux',
        `-c.electronDist=${dir.path}`, '-c.electronVersion=45.4.1', `-c.directories.output=${join(dir.path, 'out')}`,
      ],
      { env: { ...process.env, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 },
    );
  }, 240_000);
  afterAll(() => dir.remove());

  it('puts the built main, preload and renderer into app.asar, and no sources or tests', () => {
    const files = listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false });
    expect(files).toEqual(expect.arrayContaining(['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/package.json']));
    expect(files.some((file) => file.startsWith('/main/') || file.startsWith('/test/') || file.startsWith('/renderer/'))).toBe(false);
    expect(files.some((file) => file.startsWith('/node_modules/vitest') || file.startsWith('/node_modules/electron/'))).toBe(false);
  });

  it('unpacks the native modules for this platform next to the asar', () => {
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules');
    expect(existsSync(join(unpacked, 'better-sqlite3', 'prebuilds', 'linux-x64.node'))).toBe(true);
    expect(existsSync(join(unpacked, '@github', 'keytar', 'prebuilds', 'linux-x64', 'keytar.node'))).toBe(true);
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
