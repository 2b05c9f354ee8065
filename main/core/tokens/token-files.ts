import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, privateDir, privateTree } from '../private-files';

/** The token folder's JSON files: a missing or damaged file reads as null (the caller falls back). */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Written beside and renamed over, so a crash mid-write leaves the previous file whole; owner-only, like
 * everything CoW Desk keeps. The folder is made on the first write, so an unwritable data folder costs the
 * writes, never the start.
 */
export function writeAtomically(file: string, data: string | Buffer): void {
  privateDir(dirname(file));
  writeFileSync(`${file}.tmp`, data, { mode: PRIVATE_FILE_MODE });
  renameSync(`${file}.tmp`, file);
}

/** Makes a folder written by an older version owner-only, where it can: a folder it cannot change costs nothing at start. */
export function tidyFolder(dir: string): void {
  try {
    privateTree(dir);
  } catch {
    // Unwritable or missing: the first write says what is wrong, if it ever happens.
  }
}
