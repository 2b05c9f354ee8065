import { maxUint256, type Address } from 'viem';
import { FUNDED_UNITS, TEST_ACCOUNTS } from './account-fixtures';
import { TOKENS } from './token-fixtures';

/**
 * What the chain would say about an owner: ERC-20 balances, allowances to the
 * vault relayer (the approval target that matters, not the settlement contract)
 * and the orderbook's ban list.
 */
export interface Ledger {
  balance(chainId: number, owner: string, token: string): bigint;
  allowance(chainId: number, owner: string, token: string): bigint;
  setBalance(chainId: number, owner: string, token: string, amount: bigint): void;
  setAllowance(chainId: number, owner: string, token: string, amount: bigint): void;
  ban(owner: string): void;
  isBanned(owner: string): boolean;
  /** A settled trade: sell token leaves the owner (and its allowance), buy token reaches the receiver. */
  transfer(chainId: number, trade: { owner: Address; receiver: Address; sellToken: Address; buyToken: Address; sell: bigint; buy: bigint }): void;
}

const key = (chainId: number, owner: string, token: string) => `${chainId}:${owner.toLowerCase()}:${token.toLowerCase()}`;

export function createLedger(options: { fundTestAccounts: boolean }): Ledger {
  const balances = new Map<string, bigint>();
  const allowances = new Map<string, bigint>();
  const banned = new Set<string>();
  const ledger: Ledger = {
    balance: (chainId, owner, token) => balances.get(key(chainId, owner, token)) ?? 0n,
    allowance: (chainId, owner, token) => allowances.get(key(chainId, owner, token)) ?? 0n,
    setBalance: (chainId, owner, token, amount) => void balances.set(key(chainId, owner, token), amount),
    setAllowance: (chainId, owner, token, amount) => void allowances.set(key(chainId, owner, token), amount),
    ban: (owner) => void banned.add(owner.toLowerCase()),
    isBanned: (owner) => banned.has(owner.toLowerCase()),
    transfer: (chainId, { owner, receiver, sellToken, buyToken, sell, buy }) => {
      ledger.setBalance(chainId, owner, sellToken, ledger.balance(chainId, owner, sellToken) - sell);
      const allowance = ledger.allowance(chainId, owner, sellToken);
      // An unlimited approval stays unlimited, as ERC-20s with the max-allowance shortcut do.
      if (allowance !== maxUint256) ledger.setAllowance(chainId, owner, sellToken, allowance - sell);
      ledger.setBalance(chainId, receiver, buyToken, ledger.balance(chainId, receiver, buyToken) + buy);
    },
  };
  if (options.fundTestAccounts) fund(ledger);
  return ledger;
}

function fund(ledger: Ledger): void {
  const { trader, trader2, noAllowance, banned } = TEST_ACCOUNTS;
  for (const [chainId, tokens] of Object.entries(TOKENS)) {
    for (const token of tokens) {
      const amount = FUNDED_UNITS * 10n ** BigInt(token.decimals);
      for (const owner of [trader, trader2, noAllowance, banned]) ledger.setBalance(Number(chainId), owner.address, token.address, amount);
      for (const owner of [trader, trader2, banned]) ledger.setAllowance(Number(chainId), owner.address, token.address, maxUint256);
    }
  }
  ledger.ban(banned.address);
}
