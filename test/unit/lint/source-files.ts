import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts and .svelte file under `dir`, as paths relative to the repository: what the lint tests read. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(entry.name) ? [path] : [];
  });
}
