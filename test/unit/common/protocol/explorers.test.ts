import { describe, expect, it } from 'vitest';
import { CHAINS } from '../../../../main/common/protocol/chains';
import { DEFAULT_ENDPOINTS } from '../../../../main/common/protocol/endpoints';
import { blockExplorerAddressUrl, blockExplorerTxUrl, explorerAccountOrdersUrl, explorerOrderUrl } from '../../../../main/common/protocol/explorers';
import { isAllowedExternalUrl } from '../../../../main/common/security/external-links';

const hash = `0x${'12'.repeat(32)}`;
const address = '0x9008D19f58AAbD9eD0D60971565AA8510560ab41';

describe('explorer links', () => {
  it('links orders to CoW Explorer with the chain prefix, in the environment', () => {
    const uid = `0x${'ab'.repeat(56)}`;
    expect(explorerOrderUrl(DEFAULT_ENDPOINTS.production.explorer, 100, uid)).toBe(`https://explorer.cow.fi/gc/orders/${uid}`);
    expect(explorerOrderUrl(DEFAULT_ENDPOINTS.staging.explorer, 1, uid)).toBe(`https://staging.explorer.cow.fi/orders/${uid}`);
    expect(explorerAccountOrdersUrl(DEFAULT_ENDPOINTS.production.explorer, 42161, address)).toBe(`https://explorer.cow.fi/arb1/address/${address}`);
    expect(explorerAccountOrdersUrl(DEFAULT_ENDPOINTS.staging.explorer, 100, null)).toBe('https://staging.explorer.cow.fi/gc');
  });

  it('links transactions and addresses to each chain’s own block explorer', () => {
    expect(blockExplorerTxUrl(1, hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(blockExplorerTxUrl(100, hash)).toBe(`https://gnosisscan.io/tx/${hash}`);
    expect(blockExplorerTxUrl(42161, hash)).toBe(`https://arbiscan.io/tx/${hash}`);
    expect(blockExplorerTxUrl(8453, hash)).toBe(`https://basescan.org/tx/${hash}`);
    expect(blockExplorerTxUrl(11155111, hash)).toBe(`https://sepolia.etherscan.io/tx/${hash}`);
    expect(blockExplorerAddressUrl(100, address)).toBe(`https://gnosisscan.io/address/${address}`);
    expect(blockExplorerAddressUrl(11155111, address)).toBe(`https://sepolia.etherscan.io/address/${address}`);
  });

  it('refuses a chain CoW Desk does not know rather than guessing an explorer', () => {
    expect(() => blockExplorerTxUrl(137, hash)).toThrow(/Unknown chain "137"/);
  });

  it('lets the desktop app open every link it makes, on every chain', () => {
    for (const chain of CHAINS) {
      expect(isAllowedExternalUrl(blockExplorerTxUrl(chain.id, hash)), chain.name).toBe(true);
      expect(isAllowedExternalUrl(blockExplorerAddressUrl(chain.id, address)), chain.name).toBe(true);
      expect(isAllowedExternalUrl(explorerOrderUrl(DEFAULT_ENDPOINTS.staging.explorer, chain.id, hash)), chain.name).toBe(true);
    }
  });
});
