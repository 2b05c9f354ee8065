import { join } from 'node:path';
import { z } from 'zod';
import { chainTokenSchema, type ChainToken } from './token-reader';
import { readJson, writeAtomically } from './token-files';

const RECENT_MAX = 8;

interface Prefs {
  pinned: Record<string, string[]>;
  recent: Record<string, string[]>;
  /** Tokens on no list that the user imported after the unknown-token warning, as their chains answered. */
  imported: Record<string, ChainToken[]>;
}

/** The user's own token choices, per chain, in prefs.json of the token folder: pinned, recent and imported. */
export class TokenPrefs {
  private readonly file: string;
  private readonly prefs: Prefs;

  constructor(dir: string) {
    this.file = join(dir, 'prefs.json');
    const value = readJson(this.file) as Partial<Prefs> | null;
    // Imported tokens are checked again on the way in: a damaged file loses them, never the picker.
    const imported = z.record(z.string(), z.array(chainTokenSchema)).catch({}).parse(value?.imported ?? {});
    this.prefs = { pinned: value?.pinned ?? {}, recent: value?.recent ?? {}, imported };
  }

  /** Lower-case addresses, in the user's order. */
  pinned(chainId: number): string[] {
    return this.prefs.pinned[String(chainId)] ?? [];
  }

  /** Lower-case addresses, most recent first. */
  recent(chainId: number): string[] {
    return this.prefs.recent[String(chainId)] ?? [];
  }

  imported(): [chainId: number, tokens: ChainToken[]][] {
    return Object.entries(this.prefs.imported).map(([chainId, tokens]) => [Number(chainId), tokens]);
  }

  pin(chainId: number, address: string, pinned: boolean): void {
    const list = this.pinned(chainId).filter((entry) => entry !== address.toLowerCase());
    this.prefs.pinned[String(chainId)] = pinned ? [...list, address.toLowerCase()] : list;
    this.write();
  }

  used(chainId: number, address: string): void {
    this.prefs.recent[String(chainId)] = [address.toLowerCase(), ...this.recent(chainId).filter((entry) => entry !== address.toLowerCase())].slice(0, RECENT_MAX);
    this.write();
  }

  import(chainId: number, token: ChainToken): void {
    this.prefs.imported[String(chainId)] = [...(this.prefs.imported[String(chainId)] ?? []), token];
    this.write();
  }

  private write(): void {
    writeAtomically(this.file, JSON.stringify(this.prefs));
  }
}
