// Renders build/icon.svg, the one source image of the app's icons, into build/icon.png (1024 px).
// electron-builder derives every target's icons from that PNG: the .icns for macOS, the .ico for
// Windows and the hicolor sizes for Linux. The PNG is a build product and is not committed.
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, writeFileSync } from 'node:fs';

export const ICON_SIZE = 1024;

export function renderIcons(dir = import.meta.dirname) {
  const svg = readFileSync(`${dir}/icon.svg`);
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: ICON_SIZE } }).render().asPng();
  writeFileSync(`${dir}/icon.png`, png);
  return `${dir}/icon.png`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`icon: ${renderIcons()}`);
