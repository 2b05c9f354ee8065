import { describe, expect, it } from 'vitest';
import { ethFlowRow, soldSymbol } from '../../../../main/common/orders/ethflow-user';

const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('an EthFlow order sells the native currency', () => {
  it('is told from a stored row by its owner, the contract, not the account it is listed for, whatever the case of either', () => {
    expect(ethFlowRow({ owner: '0x40a50cf069e992aa4536211b23f286ef88752187', account: USER })).toBe(true);
    expect(ethFlowRow({ owner: USER.toLowerCase(), account: USER })).toBe(false);
    expect(ethFlowRow({ owner: USER, account: USER.toLowerCase() })).toBe(false);
  });

  it('is shown by the native currency of its chain, any other order by its token', () => {
    expect([soldSymbol(true, 1, 'WETH'), soldSymbol(true, 100, 'WXDAI'), soldSymbol(false, 1, 'USDC'), soldSymbol(false, 1, null)]).toEqual(['ETH', 'xDAI', 'USDC', null]);
  });
});
