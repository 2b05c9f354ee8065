import { describe, expect, it } from 'vitest';
import { chainName, CHAINS, resolveChain } from '../../../../main/common/protocol/chains';

describe('chains', () => {
  it('lists the five supported chains with their aliases', () => {
    expect(CHAINS.map((chain) => [chain.id, chain.alias])).toEqual([
      [1, 'mainnet'],
      [100, 'gnosis'],
      [11155111, 'sepolia'],
      [42161, 'arbitrum'],
      [8453, 'base'],
    ]);
  });

  it('resolves ids, decimal strings and aliases in any case', () => {
    expect(resolveChain(100).orderbookSegment).toBe('xdai');
    expect(resolveChain('100').alias).toBe('gnosis');
    expect(resolveChain(' Gnosis ').id).toBe(100);
    expect(resolveChain('arbitrum').orderbookSegment).toBe('arbitrum_one');
  });

  it('rejects an unknown chain with a message that lists the supported ones', () => {
    expect(() => resolveChain(137)).toThrow(/Unknown chain "137".*1 \(mainnet\).*8453 \(base\)/);
    expect(() => resolveChain('polygon')).toThrowError(expect.objectContaining({ code: 'UNKNOWN_CHAIN' }));
  });

  it('names a chain for messages, and one it does not know by its id', () => {
    expect(chainName(100)).toBe('Gnosis Chain');
    expect(chainName(137)).toBe('chain 137');
  });
});
