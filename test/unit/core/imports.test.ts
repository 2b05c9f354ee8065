import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every main/core module must load under plain Node: none may reach for
// Electron (directly or through a dependency) or for a browser global at import.
const root = join(process.cwd(), 'main/core');
const modules = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(root, file));

describe('main/core under plain Node', () => {
  it('has modules to check', () => {
    expect(modules.length).toBeGreaterThan(5);
  });

  it.each(modules.map((file) => [relative(process.cwd(), file), file]))('imports %s', async (_name, file) => {
    await expect(import(file)).resolves.toBeTypeOf('object');
  });
});
