import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { getAddress, type Address } from 'viem';
import { z } from 'zod';
import { matchRank, NATIVE_ADDRESS, tokenListSchema, type TokenEntry, type TokenList, type TokenSearch } from '../../common/tokens/token-list';
import { tokenListFetch, tokenLogoFetch } from '../api/bounded-fetch';
import type { Logger } from '../log';
import { NATIVE_SYMBOLS, SNAPSHOT_LIST } from './snapshot';
import { chainTokenSchema, type ChainToken } from './token-reader';
import { PRIVATE_FILE_MODE, privateDir, privateTree } from '../private-files';

export interface TokenListsOptions {
  /** userData/token-lists: refreshed lists, logos and the user's recent and pinned tokens. */
  dir: string;
  urls: readonly { name: string; url: string }[];
  fetch?: typeof fetch;
  log: Logger;
  now?: () => number;
}

interface Prefs {
  pinned: Record<string, string[]>;
  recent: Record<string, string[]>;
  /** Tokens on no list that the user imported after the unknown-token warning, as their chains answered. */
  imported: Record<string, ChainToken[]>;
}

/** The list name imported tokens carry, so the picker says where a token came from. */
export const IMPORTED_LIST = 'Imported by you';

const RECENT_MAX = 8;
const LOGO_TYPES: Readonly<Record<string, string>> = { png: 'image/png', svg: 'image/svg+xml', jpg: 'image/jpeg', webp: 'image/webp' };

interface Known {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
  logoURI: string | null;
  lists: string[];
}

/**
 * Token lists for the picker. The shipped snapshot answers at once and
 * offline; refresh() reads each list URL, keeps what parses (zod) on disk, and
 * later starts use the last good copy. Logos are downloaded once into the
 * same folder and handed to the renderer as data: URLs (the CSP allows no
 * remote images). Recent and pinned tokens are the user's, per chain.
 */
export class TokenLists {
  private readonly byChain = new Map<number, Map<string, Known>>();
  private refreshedAt: number | null = null;
  private readonly logoDir: string;
  private readonly logoJobs = new Map<string, Promise<void>>();
  private prefs: Prefs;

  constructor(private readonly options: TokenListsOptions) {
    this.logoDir = join(options.dir, 'logos');
    // Owner-only, where it can be: an unwritable data folder costs the cache, never the start.
    try {
      privateTree(options.dir);
    } catch {
      // Folders are made when first written (writeAtomically), and that write reports its own failure.
    }
    this.add(SNAPSHOT_LIST, SNAPSHOT_LIST.name);
    for (const { name } of options.urls) {
      const cached = this.readJson(this.listFile(name));
      const parsed = tokenListSchema.safeParse(cached);
      if (parsed.success) this.add(parsed.data, name, options.urls.find((entry) => entry.name === name)?.url);
    }
    this.prefs = this.readPrefs();
    for (const [chainId, tokens] of Object.entries(this.prefs.imported)) this.addImported(Number(chainId), tokens);
  }

  /** Fetches every list URL; a list that fails keeps its last good copy. Returns how many lists were refreshed. */
  async refresh(): Promise<number> {
    // Bounded like every remote answer (common/limits): size while reading, connection deadlines.
    const fetchFn = tokenListFetch(this.options.fetch);
    let refreshed = 0;
    for (const { name, url } of this.options.urls) {
      try {
        const response = await fetchFn(url);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const list = tokenListSchema.parse(await response.json());
        this.writeAtomically(this.listFile(name), JSON.stringify(list));
        this.add(list, name, url);
        refreshed += 1;
      } catch (error) {
        this.options.log.warn('token list refresh failed', { list: name, error: error instanceof Error ? error.message : String(error) });
      }
    }
    if (refreshed > 0) this.refreshedAt = (this.options.now ?? Date.now)();
    return refreshed;
  }

  /** Metadata of a listed token (the signing preview names tokens through this). */
  find(chainId: number, address: string): { symbol: string; decimals: number } | null {
    const known = this.byChain.get(chainId)?.get(address.toLowerCase());
    return known ? { symbol: known.symbol, decimals: known.decimals } : null;
  }

  search(chainId: number, query: string, limit: number): TokenSearch {
    const tokens = [...(this.byChain.get(chainId)?.values() ?? [])];
    const native = NATIVE_SYMBOLS[chainId];
    const all: Known[] = native ? [{ address: NATIVE_ADDRESS as Address, ...native, decimals: 18, logoURI: null, lists: ['native'] }, ...tokens] : tokens;
    const ranked = all
      .map((token) => ({ token, rank: matchRank(token, query) }))
      .filter((entry) => entry.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.token.symbol.localeCompare(b.token.symbol))
      .slice(0, limit)
      .map((entry) => entry.token);
    const key = String(chainId);
    const pick = (addresses: string[] = []) =>
      addresses.map((address) => all.find((token) => token.address.toLowerCase() === address)).filter((token): token is Known => token !== undefined);
    const entry = (token: Known) => this.entry(chainId, token);
    return {
      results: ranked.map(entry),
      recent: pick(this.prefs.recent[key]).map(entry),
      pinned: pick(this.prefs.pinned[key]).map(entry),
      source: this.refreshedAt === null ? 'snapshot' : 'refreshed',
      refreshedAt: this.refreshedAt,
    };
  }

  /**
   * Adds a token on no list, as its chain answered (token-reader.ts), after the
   * user saw the unknown-token warning; it is searchable from then on and kept
   * across restarts. A token a list already names keeps the list's entry.
   */
  importToken(chainId: number, token: ChainToken): TokenEntry {
    const key = String(chainId);
    if (!this.byChain.get(chainId)?.has(token.address.toLowerCase())) {
      this.prefs.imported[key] = [...(this.prefs.imported[key] ?? []), token];
      this.writePrefs();
      this.addImported(chainId, [token]);
    }
    return this.entry(chainId, this.byChain.get(chainId)!.get(token.address.toLowerCase())!);
  }

  pin(chainId: number, address: string, pinned: boolean): null {
    const key = String(chainId);
    const list = (this.prefs.pinned[key] ?? []).filter((entry) => entry !== address.toLowerCase());
    this.prefs.pinned[key] = pinned ? [...list, address.toLowerCase()] : list;
    this.writePrefs();
    return null;
  }

  used(chainId: number, address: string): null {
    const key = String(chainId);
    this.prefs.recent[key] = [address.toLowerCase(), ...(this.prefs.recent[key] ?? []).filter((entry) => entry !== address.toLowerCase())].slice(0, RECENT_MAX);
    this.writePrefs();
    return null;
  }

  /** Waits for the logo downloads under way (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.logoJobs.values()]);
  }

  private entry(chainId: number, token: Known): TokenEntry {
    return {
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      logo: this.logo(token),
      lists: token.lists,
      native: token.address === NATIVE_ADDRESS,
      pinned: (this.prefs.pinned[String(chainId)] ?? []).includes(token.address.toLowerCase()),
    };
  }

  private addImported(chainId: number, tokens: readonly ChainToken[]): void {
    this.add({ name: IMPORTED_LIST, tokens: tokens.map((token) => ({ chainId, ...token })) }, IMPORTED_LIST);
  }

  private add(list: TokenList, listName: string, listUrl?: string): void {
    for (const token of list.tokens) {
      const logoURI = logoUrl(token.logoURI, listUrl);
      let chain = this.byChain.get(token.chainId);
      if (!chain) this.byChain.set(token.chainId, (chain = new Map()));
      const address = getAddress(token.address.toLowerCase());
      const existing = chain.get(address.toLowerCase());
      // The first list to name a token keeps its symbol and decimals; later lists only add their name and logo.
      if (existing) {
        if (!existing.lists.includes(listName)) existing.lists.push(listName);
        existing.logoURI ??= logoURI;
      } else {
        chain.set(address.toLowerCase(), { address, symbol: token.symbol, name: token.name, decimals: token.decimals, logoURI, lists: [listName] });
      }
    }
  }

  /** The cached logo as a data: URL; starts a download (for next time) when it is not cached yet. */
  private logo(token: Known): string | null {
    if (!token.logoURI || !/^https?:\/\//.test(token.logoURI)) return null;
    const id = createHash('sha256').update(token.logoURI).digest('hex').slice(0, 32);
    for (const [extension, type] of Object.entries(LOGO_TYPES)) {
      const file = join(this.logoDir, `${id}.${extension}`);
      if (existsSync(file)) return `data:${type};base64,${readFileSync(file).toString('base64')}`;
    }
    if (!this.logoJobs.has(id)) {
      const job = this.download(token.logoURI, id).finally(() => this.logoJobs.delete(id));
      this.logoJobs.set(id, job);
    }
    return null;
  }

  private async download(url: string, id: string): Promise<void> {
    try {
      const response = await tokenLogoFetch(this.options.fetch)(url);
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      const extension = Object.entries(LOGO_TYPES).find(([, known]) => known === type)?.[0];
      if (!response.ok || !extension) throw new Error(`HTTP ${response.status} ${type}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      this.writeAtomically(join(this.logoDir, `${id}.${extension}`), bytes);
    } catch (error) {
      this.options.log.warn('token logo download failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private listFile(name: string): string {
    return join(this.options.dir, `list-${createHash('sha256').update(name).digest('hex').slice(0, 16)}.json`);
  }

  private readPrefs(): Prefs {
    const value = this.readJson(join(this.options.dir, 'prefs.json')) as Partial<Prefs> | null;
    // Imported tokens are checked again on the way in: a damaged file loses them, never the picker.
    const imported = z.record(z.string(), z.array(chainTokenSchema)).catch({}).parse(value?.imported ?? {});
    return { pinned: value?.pinned ?? {}, recent: value?.recent ?? {}, imported };
  }

  private writePrefs(): void {
    this.writeAtomically(join(this.options.dir, 'prefs.json'), JSON.stringify(this.prefs));
  }

  private readJson(file: string): unknown {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as unknown;
    } catch {
      return null;
    }
  }

  /** Folders are made when first written (an unwritable data folder costs the cache, never the start). */
  private writeAtomically(file: string, data: string | Buffer): void {
    privateDir(dirname(file));
    writeFileSync(`${file}.tmp`, data, { mode: PRIVATE_FILE_MODE });
    renameSync(`${file}.tmp`, file);
  }
}

/** A list's logo address, relative ones resolved against the list's own URL; only http(s) logos are fetched. */
function logoUrl(logoURI: string | undefined, listUrl: string | undefined): string | null {
  if (!logoURI) return null;
  try {
    const url = new URL(logoURI, listUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
