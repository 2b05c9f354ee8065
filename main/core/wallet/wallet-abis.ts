import { parseAbi } from 'viem';

/** The calls the wallet makes: ERC-20 reads and approve, WETH9 deposit/withdraw, GPv2Settlement's owner-side calls. */
export const ERC20_ABI = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);

export const WRAPPED_NATIVE_ABI = parseAbi(['function deposit() payable', 'function withdraw(uint256 amount)']);

export const SETTLEMENT_ABI = parseAbi([
  'function setPreSignature(bytes orderUid, bool signed)',
  'function invalidateOrder(bytes orderUid)',
  'function preSignature(bytes orderUid) view returns (uint256)',
  'function filledAmount(bytes orderUid) view returns (uint256)',
]);

/** Every function the preview may meet, so main decodes the exact calldata it is about to sign. */
export const WALLET_ABI = [...ERC20_ABI, ...WRAPPED_NATIVE_ABI, ...SETTLEMENT_ABI] as const;
