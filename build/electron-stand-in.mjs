// The real Electron distribution is downloaded from the internet; where that cannot happen,
// electron-builder can still lay out a `--dir` package around a stand-in: a script named `electron`
// that carries a V1 fuse wire (sentinel, version 1, eight fuses at Electron's defaults), so the
// fuses of electron-builder.yml are really flipped and can be read back. It cannot run the app.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

export function writeStandInElectron(dir) {
  mkdirSync(dir, { recursive: true });
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, 8]), Buffer.from('10110001')]);
  const script = Buffer.from('#!/bin/sh\necho "stand-in Electron: the real binary cannot be downloaded here" >&2\nexit 1\n# ');
  writeFileSync(join(dir, 'electron'), Buffer.concat([script, wire, Buffer.from('\n')]));
  chmodSync(join(dir, 'electron'), 0o755);
  return dir;
}
