import type { Clock } from '../clock';

/**
 * Keeps responses for as long as their Cache-Control allows (max-age), so a
 * repeated read inside that time makes no request at all. no-store / no-cache
 * or a missing header cache nothing.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `age` is the response's Age header: a CDN copy has already spent part of its max-age. */
  put(key: string, value: unknown, cacheControl: string | null, age: string | null = null): void {
    const maxAge = maxAgeSeconds(cacheControl);
    const spent = age && /^\d+$/.test(age.trim()) ? Number(age) : 0;
    if (maxAge === undefined || maxAge - spent <= 0) return;
    this.entries.set(key, { value, expiresAt: this.clock.now() + (maxAge - spent) * 1000 });
  }
}

export function maxAgeSeconds(cacheControl: string | null): number | undefined {
  if (!cacheControl) return undefined;
  const directives = cacheControl.toLowerCase().split(',').map((part) => part.trim());
  if (directives.some((d) => d === 'no-store' || d === 'no-cache')) return undefined;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  if (!maxAge) return undefined;
  const seconds = Number(maxAge.slice('max-age='.length));
  return Number.isFinite(seconds) ? seconds : undefined;
}
