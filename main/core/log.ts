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

/**
 * Blanks anything shaped like a private key (32 bytes of hex) in text bound for
 * a log. Digests and hashes look the same and are blanked too: a log that loses a
 * hash is a smaller harm than one that could hold a key.
 */
export function redactSecrets(text: string): string {
  return text.replace(/(0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/g, '[32-byte hex redacted]');
}
