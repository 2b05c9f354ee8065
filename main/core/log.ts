/**
 * The logging port. Services log through it so tests can capture lines (and
 * check that no secret ever reaches a log) and Electron can route them to a file.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createConsoleLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) =>
    console.error(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
