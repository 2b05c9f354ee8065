import { describe, expect, it } from 'vitest';
import { CHAINS } from '../../../../main/common/protocol/chains';
import { KNOWN_TOKENS } from '../../../../main/common/protocol/tokens';
import { defaultPair } from '../../../../main/common/trade/default-pair';

describe('defaultPair', () => {
  it('starts each chain on its wrapped native token for USDC', () => {
    expect(defaultPair(1)).toEqual({ sellToken: 'WETH', buyToken: 'USDC' });
    expect(defaultPair(100)).toEqual({ sellToken: 'WXDAI', buyToken: 'USDC' });
  });

  it('names two different tokens the chain knows, on every supported chain', () => {
    for (const chain of CHAINS) {
      const { sellToken, buyToken } = defaultPair(chain.id);
      const symbols = KNOWN_TOKENS.filter((token) => token.chainId === chain.id).map((token) => token.symbol);
      expect(symbols, chain.name).toContain(sellToken);
      expect(symbols, chain.name).toContain(buyToken);
      expect(sellToken, chain.name).not.toBe(buyToken);
    }
    expect(defaultPair(424242)).toEqual({ sellToken: '', buyToken: '' });
  });
});
