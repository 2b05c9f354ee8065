import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../common/errors';

const locationSchema = z.strictObject({ folder: z.string().min(1) });

/**
 * The data folder the app starts on: the one the user chose (a small file kept
 * outside every data folder, so an unwritable or damaged folder can be left
 * behind), else the platform's default. Read before the services are composed.
 */
export function dataFolder(locationFile: string, fallback: string): string {
  try {
    return locationSchema.parse(JSON.parse(readFileSync(locationFile, 'utf8'))).folder;
  } catch {
    return fallback;
  }
}

/** Checks that the folder can hold the app's data (made if missing, a file written and removed), then names it for the next start. */
export function chooseDataFolder(locationFile: string, folder: string): string {
  if (!isAbsolute(folder)) throw new AppError('INVALID_FOLDER', `Name the folder by its full path (for example /home/you/cow-desk-data), not "${folder}".`);
  const chosen = resolve(folder);
  try {
    mkdirSync(chosen, { recursive: true, mode: 0o700 });
    const probe = join(chosen, '.cow-desk-write-check');
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new AppError('FOLDER_UNWRITABLE', `CoW Desk cannot write to ${chosen} (${code}). Choose a folder you can write to.`);
  }
  writeFileSync(locationFile, JSON.stringify({ folder: chosen }), { mode: 0o600 });
  return chosen;
}
