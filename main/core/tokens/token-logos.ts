import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenLogoFetch } from '../api/bounded-fetch';
import type { Logger } from '../log';
import { writeAtomically } from './token-files';

const LOGO_TYPES: Readonly<Record<string, string>> = { png: 'image/png', svg: 'image/svg+xml', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Token logos cached on disk and handed to the renderer as data: URLs (the CSP
 * allows no remote images). A logo is downloaded the first time a token is
 * shown, bounded like every download; one that failed is not asked for again
 * until the lists are next refreshed (forgetFailures), so typing in the picker
 * never hammers a host that is down.
 */
export class TokenLogos {
  private readonly dir: string;
  private readonly jobs = new Map<string, Promise<void>>();
  private readonly failed = new Set<string>();
  private readonly control = new AbortController();

  constructor(private readonly options: { dir: string; fetch?: typeof fetch; log: Logger }) {
    this.dir = join(options.dir, 'logos');
  }

  /** The cached logo as a data: URL; starts a download (for next time) when it is not cached yet. */
  dataUrl(logoURI: string | null): string | null {
    if (!logoURI || !/^https?:\/\//.test(logoURI)) return null;
    const id = createHash('sha256').update(logoURI).digest('hex').slice(0, 32);
    for (const [extension, type] of Object.entries(LOGO_TYPES)) {
      const file = join(this.dir, `${id}.${extension}`);
      if (existsSync(file)) return `data:${type};base64,${readFileSync(file).toString('base64')}`;
    }
    if (!this.jobs.has(id) && !this.failed.has(id) && !this.control.signal.aborted) {
      const job = this.download(logoURI, id).finally(() => this.jobs.delete(id));
      this.jobs.set(id, job);
    }
    return null;
  }

  /** After a list refresh: logos that failed before are tried again when next shown. */
  forgetFailures(): void {
    this.failed.clear();
  }

  /** Waits for the downloads under way (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.jobs.values()]);
  }

  /** Stops the downloads under way and starts no more. */
  async close(): Promise<void> {
    this.control.abort(new Error('CoW Desk is closing'));
    await this.settled();
  }

  private async download(url: string, id: string): Promise<void> {
    try {
      const response = await tokenLogoFetch(this.options.fetch)(url, { signal: this.control.signal });
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      const extension = Object.entries(LOGO_TYPES).find(([, known]) => known === type)?.[0];
      if (!response.ok || !extension) throw new Error(`HTTP ${response.status} ${type}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      writeAtomically(join(this.dir, `${id}.${extension}`), bytes);
    } catch (error) {
      this.failed.add(id);
      if (!this.control.signal.aborted) this.options.log.warn('token logo download failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** A list's logo address, relative ones resolved against the list's own URL; only http(s) logos are fetched. */
export function logoUrl(logoURI: string | undefined, listUrl: string | undefined): string | null {
  if (!logoURI) return null;
  try {
    const url = new URL(logoURI, listUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
