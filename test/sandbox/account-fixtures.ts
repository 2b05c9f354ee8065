import { privateKeyToAccount } from 'viem/accounts';
import type { Address, Hex } from 'viem';
import { getAddress } from 'viem';

/**
 * Public hardhat test keys (never hold funds with them). Each plays one role so a
 * test picks the account whose state produces the answer it wants to see.
 */
export interface TestAccount {
  readonly privateKey: Hex;
  readonly address: Address;
}

const account = (privateKey: Hex): TestAccount => ({ privateKey, address: privateKeyToAccount(privateKey).address });

export const TEST_ACCOUNTS = {
  /** Funded with 1000 units of every priced token on every chain, unlimited allowance. */
  trader: account('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
  /** Same funding as trader. */
  trader2: account('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  /** Funded, but the vault relayer has no allowance: InsufficientAllowance. */
  noAllowance: account('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
  /** No balances at all: InsufficientBalance. */
  unfunded: account('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'),
  /** Funded and approved but banned: 403 Forbidden on quote and order. */
  banned: account('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'),
} as const satisfies Record<string, TestAccount>;

/** Units (whole tokens) the funded accounts hold of each priced token. */
export const FUNDED_UNITS = 1000n;

/** Owner of the seeded EthFlow-style orders (the mainnet EthFlow contract). */
export const ETHFLOW_CONTRACT: Address = getAddress('0xba3cb449bd2b4adddbc894d8697f5170800eadec');

/** The winning solver named in trades, order quotes and solver competitions. */
export const SOLVER: Address = getAddress('0x0ddcb0769a3591230caa80f85469240b71442089');
export const RUNNER_UP_SOLVER: Address = getAddress('0x008300082c3000009e63680088f8c7f4d3ff2e87');

/**
 * by_uids answers this UID (on any chain) with an `{error: {uid, description}}`
 * element, the way the live service reports an order it cannot convert.
 */
export const UNCONVERTIBLE_UID: Hex = `0x${'ab'.repeat(32)}${'cd'.repeat(20)}ffffffff`;
