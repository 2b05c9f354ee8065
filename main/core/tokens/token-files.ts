import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The token folder's JSON files: a missing or damaged file reads as null (the caller falls back). */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Written beside and renamed over, so a crash mid-write leaves the previous file whole. The folder is
 * made on the first write, so an unwritable data folder costs the writes, never the start.
 */
export function writeAtomically(file: string, data: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}
