import type { Database } from 'better-sqlite3';
import type { z } from 'zod';

/**
 * Typed access to the settings table. A stored value that no longer parses
 * (older app, hand edit) reads as the default instead of breaking start-up.
 */
export class SettingsRepo {
  constructor(private readonly db: Database) {}

  get<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    if (!row) return fallback;
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : fallback;
  }

  set<T>(key: string, schema: z.ZodType<T>, value: T): void {
    const valid = schema.parse(value);
    this.db
      .prepare(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, JSON.stringify(valid), Date.now());
  }
}
