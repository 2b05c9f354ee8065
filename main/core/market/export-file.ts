import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes an export where the user can find it (userData/exports, beside the
 * settings' "Export all"), readable by the user only, and returns its path.
 */
export function writeExport(dir: string, name: string, content: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${stamp}.csv`);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}
