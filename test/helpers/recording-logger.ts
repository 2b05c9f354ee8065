import type { Logger } from '../../main/core/log';

/** A logger that keeps lines in memory, so tests can read what was logged. */
export function recordingLogger(): Logger & { lines: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push({ level, message, fields });
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}
