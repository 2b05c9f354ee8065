import { describe, expect, it } from 'vitest';
import { FillTimes, type BlockClock } from '../../../../main/core/history/fill-times';
import { recordingLogger } from '../../../helpers/recording-logger';

/** A node for chain 1 only, answering block n with n seconds, and failing the blocks in `down`. */
function node(down: Set<number>) {
  const reads: number[] = [];
  const clock: BlockClock = {
    available: (chainId) => chainId === 1,
    blockTime: async (_chainId, blockNumber) => {
      reads.push(blockNumber);
      if (down.has(blockNumber)) throw new Error('node did not answer');
      return blockNumber * 1000;
    },
  };
  return { clock, reads };
}

describe('fill times by block', () => {
  it('reads each block once, keeps what it read, and says why a chain without a node has none', async () => {
    const { clock, reads } = node(new Set());
    const times = new FillTimes(clock, recordingLogger(), () => 0);
    await times.date([{ chainId: 1, blockNumber: 7 }, { chainId: 1, blockNumber: 7 }, { chainId: 1, blockNumber: 9 }, { chainId: 100, blockNumber: 7 }]);
    await times.date([{ chainId: 1, blockNumber: 9 }]);
    expect(reads.sort((a, b) => a - b)).toEqual([7, 9]);
    expect([times.at(1, 7), times.at(1, 9), times.at(100, 7)]).toEqual([7000, 9000, null]);
    expect(times.note(1)).toBeNull();
    expect(times.note(100)).toBe('Fill times are read from the Gnosis Chain node: add its JSON-RPC URL in Settings → Networks to see them.');
  });

  it('asks again for a block whose read failed only after a minute, and says the node did not answer meanwhile', async () => {
    const down = new Set([5]);
    const { clock, reads } = node(down);
    let now = 0;
    const times = new FillTimes(clock, recordingLogger(), () => now);
    await times.date([{ chainId: 1, blockNumber: 5 }]);
    expect(times.note(1)).toBe("The Ethereum node did not answer for some fills' blocks: their times are missing.");
    now = 59_999;
    await times.date([{ chainId: 1, blockNumber: 5 }]);
    expect(reads).toEqual([5]);
    down.clear();
    now = 60_000;
    await times.date([{ chainId: 1, blockNumber: 5 }]);
    expect([reads, times.at(1, 5), times.note(1)]).toEqual([[5, 5], 5000, null]);
  });
});
