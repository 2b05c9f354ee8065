import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of shared/design.md, checked by running the project's own
// ESLint config on small probe files placed in each layer.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('layer lint rules', () => {
  it("fails when main/core imports 'electron'", async () => {
    expect(await ruleIds('main/core/probe.ts', "import { app } from 'electron';\nexport const x = app;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it("fails when main/core imports an electron subpath such as 'electron/main'", async () => {
    expect(await ruleIds('main/core/probe.ts', "import { app } from 'electron/main';\nexport const x = app;\n")).toContain('no-restricted-imports');
  });

  it('fails when main/core imports the electron layer', async () => {
    expect(
      await ruleIds('main/core/probe.ts', "import { attachIpcTransport } from '../electron/ipc-transport';\nexport const x = attachIpcTransport;\n"),
    ).toContain('boundaries/dependencies');
  });

  it('fails when main/common imports Node, electron or core', async () => {
    expect(await ruleIds('main/common/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds('main/common/probe.ts', "import { join } from 'path';\nexport const x = join;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('main/common/probe.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await ruleIds('main/common/probe.ts', "import { openStore } from '../core/store/open-store';\nexport const x = openStore;\n"),
    ).toContain('boundaries/dependencies');
  });

  it('fails when the renderer imports anything of main but main/common', async () => {
    expect(
      await ruleIds('renderer/src/probe.ts', "import { openStore } from '../../main/core/store/open-store';\nexport const x = openStore;\n"),
    ).toContain('boundaries/dependencies');
    expect(await ruleIds('renderer/src/probe.ts', "import { contract } from '../../main/common/ipc/contract';\nexport const x = contract;\n")).toEqual(
      [],
    );
  });

  it('lets each layer import what the design allows', async () => {
    expect(await ruleIds('main/core/probe.ts', "import { contract } from '../common/ipc/contract';\nexport const x = contract;\n")).toEqual([]);
    expect(await ruleIds('main/electron/probe.ts', "import { app } from 'electron';\nimport { createServices } from '../core/services';\nexport const x = [app, createServices];\n")).toEqual([]);
  });

  it('fails a file in main/ over 300 lines', async () => {
    const long = Array.from({ length: 301 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    expect(await ruleIds('main/core/probe.ts', long)).toContain('max-lines');
  });
});
