import type { Address, Hex } from 'viem';
import type { OrderStruct } from '../../main/common/protocol/order';
import type { SigningScheme } from '../../main/common/protocol/signatures';

/** What the orderbook stores; order-view.ts turns it into the API shape. */
export type OrderPhase = 'presignaturePending' | 'open' | 'fulfilled' | 'cancelled' | 'expired';
export type OrderClass = 'market' | 'limit' | 'liquidity';

export interface OrderRecord {
  chainId: number;
  uid: Hex;
  owner: Address;
  struct: OrderStruct;
  /** As submitted (null when absent); the struct hashes a missing one as zero. */
  receiver: Address | null;
  signingScheme: SigningScheme;
  signature: Hex;
  fullAppData: string;
  appDataHash: Hex;
  quoteId: number | null;
  fullBalanceCheck: boolean;
  class: OrderClass;
  /** Creation time; `sequence` breaks ties so "newest first" is total. */
  createdAt: number;
  sequence: number;
  phase: OrderPhase;
  invalidated: boolean;
  /** Set only for orders placed on chain (EthFlow: the sender), as live; never by a cancellation. */
  onchainUser: Address | null;
  ethflow: { userValidTo: number; sender: Address } | null;
  executedSell: bigint;
  executedBuy: bigint;
  executedFee: bigint;
  /** insufficient_balance is sent once per shortage, not on every batch. */
  balanceShortNotified: boolean;
}

export interface StoredQuote {
  id: number;
  chainId: number;
  gasAmount: bigint;
  gasPrice: bigint;
  sellTokenPrice: string;
  sellAmount: bigint;
  buyAmount: bigint;
  feeAmount: bigint;
  verified: boolean;
}

export interface TradeRecord {
  chainId: number;
  blockNumber: number;
  logIndex: number;
  orderUid: Hex;
  owner: Address;
  sellToken: Address;
  buyToken: Address;
  sellAmount: bigint;
  buyAmount: bigint;
  txHash: Hex;
  auctionId: number;
}

export interface CompetitionRecord {
  chainId: number;
  auctionId: number;
  blockNumber: number;
  txHash: Hex;
  /** Native-atom prices of the traded tokens at settlement. */
  prices: Record<string, string>;
  trades: TradeRecord[];
}
