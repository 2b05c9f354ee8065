import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** The token folder's JSON files: a missing or damaged file reads as null (the caller falls back). */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Written beside and renamed over, so a crash mid-write leaves the previous file whole. */
export function writeAtomically(file: string, data: string | Buffer): void {
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}
