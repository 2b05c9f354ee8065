import type { SandboxState } from '../state';

/**
 * An owner's orders or trades on one chain, newest first, as the live service
 * reads them off an index: sorted once and kept until a record is added. The
 * sandbox only ever adds records (an order's status and fills change in place,
 * and a page reads them when it is answered), and what the filter and the sort
 * read of a record never changes, so a listing is current while its source has
 * as many records as when it was built. Sorting all of a 100k-order account
 * for every page cost the sandbox 30-60 ms a page, in which it answered
 * nothing else (a quote asked meanwhile waited: not what the live service does).
 */
export class OwnerListings<T> {
  private readonly listings = new Map<string, { size: number; records: T[] }>();

  constructor(
    /** How many records the source holds now: a listing built at another size is rebuilt. */
    private readonly size: () => number,
    private readonly build: (chainId: number, owner: string) => T[],
  ) {}

  /** The owner's records on `chainId`, sorted as `build` sorts them. */
  of(chainId: number, owner: string): readonly T[] {
    const key = `${chainId}:${owner}`;
    const size = this.size();
    let listing = this.listings.get(key);
    if (listing?.size !== size) this.listings.set(key, (listing = { size, records: this.build(chainId, owner) }));
    return listing.records;
  }
}

/** One sandbox's listings made on first use, for each sandbox (a test may run several in one process). */
export function listingsPerSandbox<T>(make: (state: SandboxState) => OwnerListings<T>): (state: SandboxState) => OwnerListings<T> {
  const made = new WeakMap<SandboxState, OwnerListings<T>>();
  return (state) => {
    let listings = made.get(state);
    if (!listings) made.set(state, (listings = make(state)));
    return listings;
  };
}
