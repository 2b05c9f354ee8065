import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything CoW Desk keeps on disk (the order history, its journal, logs,
 * caches, the passphrase vault) is the user's alone: files 0600 in folders
 * 0700, whatever the umask (Node and SQLite create 0644 under the usual 022).
 * The modes mean nothing on Windows, where the user's profile folder is
 * already private; chmod is then harmless.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its parents) if needed, and makes it owner-only. */
export function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
  return dir;
}

/**
 * Creates `path` empty if missing, and makes it owner-only: a file created
 * here first keeps its mode when a library (SQLite, the log transport) opens
 * it, and SQLite gives its -wal and -shm files the database file's mode.
 */
export function privateFile(path: string): string {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
  return path;
}

/** Makes a file owner-only if it exists (a -wal left by an older version). */
export function privateIfExists(path: string): void {
  if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}

/** A folder of CoW Desk's own files (logs, caches): the folder and everything in it made owner-only. */
export function privateTree(dir: string): string {
  privateDir(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) privateTree(join(dir, entry.name));
    else if (entry.isFile()) chmodSync(join(dir, entry.name), PRIVATE_FILE_MODE);
  }
  return dir;
}
