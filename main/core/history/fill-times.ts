import { chainName } from '../../common/protocol/chains';
import type { Logger } from '../log';

/** The chain's clock, through the wallet's JSON-RPC node of each chain (the wallet's ChainClients is one). */
export interface BlockClock {
  /** Whether a node is set for the chain. */
  available(chainId: number): boolean;
  /** When the block was mined, epoch ms. */
  blockTime(chainId: number, blockNumber: number): Promise<number>;
}

export interface BlockRef {
  chainId: number;
  blockNumber: number;
}

/** Blocks read at once from one node: enough to date an export's fills quickly, few enough for a public node's limits. */
const PARALLEL_READS = 4;

/** A block whose read failed is not asked again for this long: a detail re-read on every sync page must not wait on a dead node each time. */
const RETRY_AFTER_MS = 60_000;

const key = (chainId: number, blockNumber: number) => `${chainId}:${blockNumber}`;

/**
 * When fills happened. The orderbook's trades carry a block but no time, so
 * the time is the block's own, read from the chain's node (as the watcher
 * dates fill alerts). A mined block's time never changes: each is read once
 * and kept for the session. Without a node for the chain, or when it does not
 * answer, a fill has no time and note() says why.
 */
export class FillTimes {
  private readonly times = new Map<string, number>();
  /** Blocks whose read failed, with when: not asked again before RETRY_AFTER_MS. */
  private readonly failed = new Map<string, number>();
  /** Chains whose node failed a read in the last dating. */
  private readonly failing = new Set<number>();

  constructor(
    private readonly clock: BlockClock | undefined,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  /** The block's time if it was read, else null. */
  at(chainId: number, blockNumber: number): number | null {
    return this.times.get(key(chainId, blockNumber)) ?? null;
  }

  /** Reads the times of the blocks not read yet, a few at a time; a failure leaves that block without a time. */
  async date(blocks: Iterable<BlockRef>): Promise<void> {
    const wanted = new Map<string, BlockRef>();
    for (const block of blocks) {
      const id = key(block.chainId, block.blockNumber);
      const failedAt = this.failed.get(id);
      if (failedAt !== undefined && this.now() - failedAt < RETRY_AFTER_MS) continue;
      if (!this.times.has(id) && this.clock?.available(block.chainId)) wanted.set(id, block);
    }
    const queue = [...wanted.entries()];
    const clock = this.clock;
    if (!clock || queue.length === 0) return;
    for (const { chainId } of wanted.values()) this.failing.delete(chainId);
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [id, { chainId, blockNumber }] = next;
        try {
          this.times.set(id, await clock.blockTime(chainId, blockNumber));
          this.failed.delete(id);
        } catch (error) {
          this.failed.set(id, this.now());
          this.failing.add(chainId);
          this.log.warn('history: reading a fill block time failed', { chainId, blockNumber, error: String(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
  }

  /** Why fills of the chain have no time, in words; null when nothing stands in the way. */
  note(chainId: number): string | null {
    const name = chainName(chainId);
    if (!this.clock?.available(chainId)) return `Fill times are read from the ${name} node: add its JSON-RPC URL in Settings → Networks to see them.`;
    if (this.failing.has(chainId)) return `The ${name} node did not answer for some fills' blocks: their times are missing.`;
    return null;
  }
}
