import { z } from 'zod';
import { tokenListStatusSchema, type TokenListStatus } from '../../common/tokens/token-list';
import { readJson } from './token-files';

/** A list not tried yet on this computer. */
export const NEVER_CHECKED = { checkedAt: null, outcome: null, error: null, refreshedAt: null, skipped: 0, skippedExample: null } as const;

/** The saved outcome of each list's last refresh; a damaged entry is forgotten, never the start. */
export function readSavedStatus(file: string): Record<string, TokenListStatus> {
  const saved = z.record(z.string(), z.unknown()).catch({}).parse(readJson(file) ?? {});
  return Object.fromEntries(
    Object.entries(saved).flatMap(([name, value]) => {
      const status = tokenListStatusSchema.safeParse(value);
      return status.success ? [[name, status.data]] : [];
    }),
  );
}

/** A failed download in words: the bounded fetch's own message, or the network error under fetch's "fetch failed". */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ((error.cause as Error & { code?: string }).code ?? error.cause.message) : null;
  return cause ? `${error.message} (${cause})` : error.message;
}
