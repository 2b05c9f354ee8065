import { AppError } from '../../common/errors';
import type { Notification } from '../../common/protocol/api/notifications';

/** After a 404 the integration is off; ask again only this rarely (or when the environment or URL changes). */
export const UNAVAILABLE_RETRY_MS = 6 * 60 * 60_000;
/** Failed rounds wait twice as long each time, up to this. */
export const MAX_ERROR_BACKOFF_MS = 30 * 60_000;

export interface ServiceFeedOptions {
  fetch: (account: string) => Promise<Notification[]>;
  /** The environment and token-service URL in effect: a change of either ends the "unavailable" state. */
  target: () => string;
  now: () => number;
  /** The round interval; error backoff starts from it. */
  intervalMs: number;
}

export type FeedResult = { items: Notification[]; skipped: boolean };

/**
 * The service's notification list per account. The API client already retries
 * a 5xx or a network error with 1-30 s exponential backoff (interface.md) and
 * serves repeated reads from its cache for the 300 s of Cache-Control; this
 * adds the longer view: a 404 means the integration is off in this
 * environment, so the feed stops asking (no error loop), and rounds that fail
 * anyway back off exponentially.
 */
export class ServiceFeed {
  private unavailableAt: number | null = null;
  private unavailableTarget: string | null = null;
  private failures = 0;
  private nextAttemptAt = 0;
  private lastError: string | null = null;

  constructor(private readonly options: ServiceFeedOptions) {}

  available(): boolean {
    return this.unavailableAt === null || this.unavailableTarget !== this.options.target();
  }

  error(): string | null {
    return this.lastError;
  }

  /** Every account's items, or skipped when the integration is off or an error backoff is running. */
  async read(accounts: readonly string[]): Promise<FeedResult> {
    const now = this.options.now();
    const target = this.options.target();
    if (!this.available() && now - (this.unavailableAt ?? 0) < UNAVAILABLE_RETRY_MS) return { items: [], skipped: true };
    if (now < this.nextAttemptAt) return { items: [], skipped: true };
    const items: Notification[] = [];
    try {
      for (const account of accounts) items.push(...(await this.options.fetch(account)));
    } catch (error) {
      // Switched meanwhile (environment or URL): the answer was the other deployment's and says nothing of this one.
      if (this.options.target() !== target) return { items: [], skipped: true };
      if (error instanceof AppError && error.code === 'NOTIFICATIONS_UNAVAILABLE') {
        this.unavailableAt = now;
        this.unavailableTarget = target;
        this.lastError = null;
        return { items, skipped: true };
      }
      this.failures += 1;
      this.nextAttemptAt = now + Math.min(this.options.intervalMs * 2 ** (this.failures - 1), MAX_ERROR_BACKOFF_MS);
      this.lastError = error instanceof AppError ? error.message : 'Reading notifications failed; the details are in the log.';
      throw error;
    }
    if (this.options.target() !== target) return { items: [], skipped: true };
    this.unavailableAt = null;
    this.failures = 0;
    this.nextAttemptAt = 0;
    this.lastError = null;
    return { items, skipped: false };
  }
}
