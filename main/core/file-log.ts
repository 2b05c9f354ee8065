import electronLog from 'electron-log/node';
import { renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, parse } from 'node:path';
import type { Logger } from './log';
import { PRIVATE_FILE_MODE, privateTree } from './private-files';
import { redactForLog, redactText } from './log-redaction';

/** The log lives in the user data folder, next to the database: Help > Open logs folder opens it. */
export const LOG_DIR = 'logs';
export const LOG_FILE = 'cow-desk.log';

export interface FileLogOptions {
  /** The folder of the log files (userData/logs in the app). */
  dir: string;
  /** Size at which the file is rotated. */
  maxBytes?: number;
  /** How many rotated files are kept besides the current one. */
  keep?: number;
  /** Also write each line to stderr (development, `npm start`). */
  echo?: boolean;
}

export interface FileLogger extends Logger {
  /** The current log file. */
  readonly path: string;
}

let instances = 0;

/**
 * The app's log on disk, through electron-log's file transport: one JSON object
 * per line (time, level, message, fields), every field and message redacted
 * (log-redaction.ts) before it is written, and the file rotated at maxBytes into
 * cow-desk.1.log … cow-desk.<keep>.log.
 */
export function createFileLogger({ dir, maxBytes = 2 * 1024 * 1024, keep = 3, echo = false }: FileLogOptions): FileLogger {
  instances += 1;
  const log = electronLog.create({ logId: `cow-desk-${instances}` });
  // Owner-only: the folder, files from older versions, and every file the transport creates (rotation included).
  const path = join(logFolder(dir), LOG_FILE);
  log.transports.file.resolvePathFn = () => path;
  log.transports.file.writeOptions = { flag: 'a', mode: PRIVATE_FILE_MODE, encoding: 'utf8' };
  log.transports.file.maxSize = maxBytes;
  log.transports.file.format = '{text}';
  log.transports.file.archiveLogFn = (file) => rotate(file.toString(), keep);
  log.transports.console.level = echo ? 'info' : false;
  log.transports.console.format = '{text}';
  const write = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => {
    // A field named like a reserved key (a command's user-facing "message") is kept under "fields".
    const { time, level: fieldLevel, message: fieldMessage, ...safe } = fields ? (redactForLog(fields) as Record<string, unknown>) : {};
    const clashing = Object.fromEntries(Object.entries({ time, level: fieldLevel, message: fieldMessage }).filter(([, value]) => value !== undefined));
    const extra = Object.keys(clashing).length > 0 ? { fields: clashing } : {};
    const line = JSON.stringify({ time: new Date().toISOString(), level, message: redactText(message), ...safe, ...extra });
    log[level](line);
  };
  return {
    path,
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

function rotate(current: string, keep: number): void {
  const { dir, name, ext } = parse(current);
  const numbered = (n: number) => join(dir, `${name}.${n}${ext}`);
  rmSync(numbered(keep), { force: true });
  for (let n = keep - 1; n >= 1; n -= 1) {
    try {
      renameSync(numbered(n), numbered(n + 1));
    } catch {
      // Not rotated that far yet.
    }
  }
  renameSync(current, numbered(1));
}

/**
 * The log's folder, made owner-only. A data folder that cannot be written (the store problem the app
 * starts with, and offers a way out of) must not stop the start before a window exists: the log then
 * goes to a private folder of the system's temporary directory.
 */
function logFolder(dir: string): string {
  try {
    return privateTree(dir);
  } catch {
    return privateTree(join(tmpdir(), `cow-desk-logs-${process.getuid?.() ?? 'user'}`));
  }
}
