import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Address } from 'viem';
import { revealHidden } from '../../common/tokens/hidden-characters';
import { LookalikeIndex } from '../../common/tokens/lookalike';
import {
  IMPORTED_LIST,
  matchRank,
  NATIVE_ADDRESS,
  parseTokenList,
  type TokenEntry,
  type Resemblance,
  type TokenList,
  type TokenListStatus,
  type TokenListsStatus,
  type TokenSearch,
} from '../../common/tokens/token-list';
import { tokenListFetch } from '../api/bounded-fetch';
import type { Logger } from '../log';
import { PeriodicTask } from '../periodic-task';
import { NATIVE_SYMBOLS, SNAPSHOT_LIST } from './snapshot';
import { readJson, tidyFolder, writeAtomically } from './token-files';
import { parseInSlices } from './list-parse';
import { NEVER_CHECKED, readSavedStatus, reasonOf } from './list-status';
import { TokenLogos } from './token-logos';
import { mergeLists, type Known } from './token-merge';
import { refuseUnconfirmedLookalike } from './lookalike-import';
import type { ChainToken } from './token-reader';
import { TokenPrefs } from './token-prefs';

export interface TokenListsOptions {
  /** userData/token-lists: refreshed lists, their status, logos and the user's recent and pinned tokens. */
  dir: string;
  urls: readonly { name: string; url: string }[];
  fetch?: typeof fetch;
  log: Logger;
  now?: () => number;
  /** Between two refreshes after the one at start: a day. */
  refreshIntervalMs?: number;
  /** Told when a refresh starts and when it ends (Settings shows it). */
  onStatus?: (status: TokenListsStatus) => void;
}

export { IMPORTED_LIST };
export const DAILY_MS = 24 * 60 * 60 * 1000;


/**
 * Token lists for the picker. The shipped snapshot answers at once and
 * offline; start() refreshes every list URL then and daily after, keeps each
 * list's last good copy on disk (later starts use it) and records each
 * attempt's outcome for Settings. Recent and pinned tokens are the user's, per chain.
 */
export class TokenLists {
  private byChain = new Map<number, Map<string, Known>>();
  /** Each chain's listed tokens by confusable skeleton, rebuilt with byChain. */
  private lookalikes = new Map<number, LookalikeIndex>();
  /** The last good copy of each list URL, by list name. */
  private readonly copies = new Map<string, TokenList>();
  private readonly statuses = new Map<string, TokenListStatus>();
  private readonly logos: TokenLogos;
  private readonly control = new AbortController();
  private readonly prefs: TokenPrefs;
  private running: Promise<number> | null = null;
  /** The daily refresh, on the helper every poller of the app uses. */
  private readonly daily: PeriodicTask;
  private nextRefreshAt: number | null = null;

  constructor(private readonly options: TokenListsOptions) {
    tidyFolder(options.dir);
    this.logos = new TokenLogos(options);
    const saved = readSavedStatus(this.statusFile());
    for (const { name, url } of options.urls) {
      const cached = parseTokenList(readJson(this.listFile(name)));
      if (cached.ok) this.copies.set(name, cached.list);
      const known = saved[name];
      this.statuses.set(name, {
        ...(known ?? NEVER_CHECKED),
        name,
        url,
        tokens: cached.ok ? cached.list.tokens.length : null,
      });
    }
    this.prefs = new TokenPrefs(options.dir);
    this.rebuild();
    const interval = options.refreshIntervalMs ?? DAILY_MS;
    this.daily = new PeriodicTask({
      name: 'token list refresh',
      // A list that fails keeps its last good copy and records why: a refresh never throws.
      run: async () => void (await this.refresh()),
      nextInMs: () => {
        this.nextRefreshAt = this.now() + interval;
        return interval;
      },
      log: options.log,
    });
  }

  /** Refreshes now and then daily, until close(). The composition root calls it for every app. */
  start(): void {
    if (this.daily.isStarted || this.control.signal.aborted) return;
    this.nextRefreshAt = this.now() + (this.options.refreshIntervalMs ?? DAILY_MS);
    this.daily.start();
  }

  /** Whether the daily refresh runs (the composition's parity check reads it). */
  isRunning(): boolean {
    return this.daily.isStarted;
  }

  /** Stops the daily refresh, cuts the downloads under way and waits for them to unwind. */
  async close(): Promise<void> {
    this.control.abort(new Error('CoW Desk is closing'));
    await this.daily.stop();
    this.nextRefreshAt = null;
    await this.running;
    await this.logos.close();
  }

  /**
   * Fetches every list URL; a list that fails keeps its last good copy and
   * records why. One refresh at a time: a second call joins the one under way.
   * Returns how many lists were refreshed.
   */
  refresh(): Promise<number> {
    if (this.control.signal.aborted) return Promise.resolve(0);
    if (!this.running) {
      this.running = this.refreshAll().finally(() => {
        this.running = null;
        this.tell();
      });
      this.tell();
    }
    return this.running;
  }

  status(): TokenListsStatus {
    return {
      lists: this.options.urls.map(({ name }) => this.statuses.get(name)!),
      refreshing: this.running !== null,
      nextRefreshAt: this.nextRefreshAt,
    };
  }

  /** Metadata of a listed token (the signing preview names tokens through this, so hidden characters are shown as code points). */
  find(chainId: number, address: string): { symbol: string; decimals: number } | null {
    const known = this.byChain.get(chainId)?.get(address.toLowerCase());
    return known ? { symbol: revealHidden(known.symbol), decimals: known.decimals } : null;
  }

  search(chainId: number, query: string, limit: number): TokenSearch {
    const all = this.withNative(chainId);
    const ranked = all
      .map((token) => ({ token, rank: matchRank(token, query) }))
      .filter((entry) => entry.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.token.symbol.localeCompare(b.token.symbol))
      .slice(0, limit)
      .map((entry) => entry.token);
    const pick = (addresses: string[]) =>
      addresses.map((address) => all.find((token) => token.address.toLowerCase() === address)).filter((token): token is Known => token !== undefined);
    const entry = (token: Known) => this.entry(chainId, token);
    const refreshedAt = Math.max(0, ...[...this.statuses.values()].map((status) => (this.copies.has(status.name) ? (status.refreshedAt ?? 0) : 0)));
    return {
      results: ranked.map(entry),
      recent: pick(this.prefs.recent(chainId)).map(entry),
      pinned: pick(this.prefs.pinned(chainId)).map(entry),
      source: this.copies.size === 0 ? 'snapshot' : 'refreshed',
      refreshedAt: this.copies.size === 0 || refreshedAt === 0 ? null : refreshedAt,
    };
  }

  /** The listed token a token read from its chain can be taken for (the unknown-token warning names it), or null. */
  resemblance(chainId: number, token: ChainToken): Resemblance | null {
    const known = this.byChain.get(chainId)?.get(token.address.toLowerCase());
    return this.lookalikes.get(chainId)?.resembled({ ...token, lists: known?.lists ?? [], native: false }) ?? null;
  }

  /**
   * Adds a token on no list, as its chain answered (token-reader.ts), after the
   * user saw the unknown-token warning; it is searchable from then on and kept
   * across restarts. A token a list already names keeps the list's entry; a
   * lookalike of a listed one only once the user confirmed it is not that one.
   */
  importToken(chainId: number, token: ChainToken, confirmedNot?: Address): TokenEntry {
    refuseUnconfirmedLookalike(token, this.resemblance(chainId, token), confirmedNot);
    if (!this.byChain.get(chainId)?.has(token.address.toLowerCase())) {
      this.prefs.import(chainId, token);
      this.rebuild();
    }
    return this.entry(chainId, this.byChain.get(chainId)!.get(token.address.toLowerCase())!);
  }

  pin(chainId: number, address: string, pinned: boolean): null {
    this.prefs.pin(chainId, address, pinned);
    return null;
  }

  used(chainId: number, address: string): null {
    this.prefs.used(chainId, address);
    return null;
  }

  /** Waits for the logo downloads under way (tests). */
  async settled(): Promise<void> {
    await this.logos.settled();
  }

  private async refreshAll(): Promise<number> {
    // Bounded like every remote answer (common/limits): size while reading, connection deadlines.
    const fetchFn = tokenListFetch(this.options.fetch);
    let refreshed = 0;
    for (const { name, url } of this.options.urls) {
      const checkedAt = this.now();
      try {
        const response = await fetchFn(url, { signal: this.control.signal });
        if (!response.ok) throw new Error(`${new URL(url).host} answered HTTP ${response.status}`);
        const parsed = await parseInSlices(await response.json());
        if (!parsed.ok) throw new Error(parsed.error);
        writeAtomically(this.listFile(name), JSON.stringify(parsed.list));
        this.copies.set(name, parsed.list);
        const { count: skipped, example: skippedExample } = parsed.skipped;
        this.setStatus(name, { checkedAt, outcome: 'ok', error: null, refreshedAt: checkedAt, tokens: parsed.list.tokens.length, skipped, skippedExample });
        if (skipped > 0) this.options.log.info('token list entries skipped', { list: name, skipped, example: skippedExample });
        refreshed += 1;
      } catch (error) {
        // Closing: what was not read is tried at the next start, not recorded as a failure.
        if (this.control.signal.aborted) break;
        this.setStatus(name, { checkedAt, outcome: 'failed', error: reasonOf(error) });
        this.options.log.warn('token list refresh failed', { list: name, error: reasonOf(error) });
      }
    }
    this.rebuild();
    this.logos.forgetFailures();
    return refreshed;
  }

  private setStatus(name: string, change: Partial<TokenListStatus>): void {
    this.statuses.set(name, { ...this.statuses.get(name)!, ...change });
    try {
      writeAtomically(this.statusFile(), JSON.stringify(Object.fromEntries(this.statuses)));
    } catch (error) {
      // Settings still shows it for this run; only the next start will not know it.
      this.options.log.warn('token list status not saved', { error: reasonOf(error) });
    }
  }

  private tell(): void {
    this.options.onStatus?.(this.status());
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private entry(chainId: number, token: Known): TokenEntry {
    return {
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      logo: this.logos.dataUrl(token.logoURI),
      lists: token.lists,
      native: token.address === NATIVE_ADDRESS,
      pinned: this.prefs.pinned(chainId).includes(token.address.toLowerCase()),
      resembles: this.lookalikes.get(chainId)?.resembled({ ...token, native: token.address === NATIVE_ADDRESS }) ?? null,
    };
  }

  /** The chain's listed and imported tokens, after its native asset where it has one. */
  private withNative(chainId: number): Known[] {
    const tokens = [...(this.byChain.get(chainId)?.values() ?? [])];
    const native = NATIVE_SYMBOLS[chainId];
    return native ? [{ address: NATIVE_ADDRESS as Address, ...native, decimals: 18, logoURI: null, lists: ['native'] }, ...tokens] : tokens;
  }

  /** The tokens by chain from the snapshot, each list's copy in use, then the imported ones, in that order. */
  private rebuild(): void {
    this.byChain = mergeLists([
      { list: SNAPSHOT_LIST, name: SNAPSHOT_LIST.name },
      ...this.options.urls.flatMap(({ name, url }) => {
        const copy = this.copies.get(name);
        return copy ? [{ list: copy, name, url }] : [];
      }),
      ...[...this.prefs.imported()].map(([chainId, tokens]) => ({ list: { name: IMPORTED_LIST, tokens: tokens.map((token) => ({ chainId, ...token })) }, name: IMPORTED_LIST })),
    ]);
    this.lookalikes = new Map([...this.byChain.keys()].map((chainId) => [chainId, new LookalikeIndex(this.withNative(chainId).map((token) => ({ ...token, native: token.address === NATIVE_ADDRESS })))]));
  }

  private listFile(name: string): string {
    return join(this.options.dir, `list-${createHash('sha256').update(name).digest('hex').slice(0, 16)}.json`);
  }

  private statusFile(): string {
    return join(this.options.dir, 'status.json');
  }
}
