import type { Hex } from 'viem';

/** A preview stays usable for this long; after that the fees it showed are too old to sign. */
export const PREVIEW_TTL_MS = 120_000;

/**
 * The transactions shown to the user for confirmation, by what they are for.
 * A click that confirms one of them within PREVIEW_TTL_MS can sign exactly it,
 * even when the node's fees moved since (on mainnet the base fee moves every
 * block, and a user may read a question for longer than a block). After that,
 * or for another digest, the caller prepares it anew: signed only if its digest
 * is still the confirmed one, else shown to the user for another review.
 */
export class ConfirmedPreviews<T extends { preview: { digest: Hex } }> {
  private readonly shown = new Map<string, { value: T; at: number }>();

  constructor(private readonly now: () => number) {}

  keep(key: string, value: T): void {
    const now = this.now();
    // What nobody confirmed in time is of no use any more.
    for (const [stale, { at }] of this.shown) if (now - at >= PREVIEW_TTL_MS) this.shown.delete(stale);
    this.shown.set(key, { value, at: now });
  }

  /** The one shown under this key, when it is the one confirmed and still fresh. */
  confirmed(key: string, expectedDigest: Hex): T | undefined {
    const shown = this.shown.get(key);
    if (!shown || shown.value.preview.digest.toLowerCase() !== expectedDigest.toLowerCase()) return undefined;
    return this.now() - shown.at < PREVIEW_TTL_MS ? shown.value : undefined;
  }

  drop(key: string): void {
    this.shown.delete(key);
  }
}
