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
  /**
   * EthFlow orders (owner = the EthFlow contract): the user who sent the ETH,
   * their deadline, the invalidation/refund transaction once there is one, and
   * why the service refused to let the placement trade (see ethflow-index.ts).
   */
  ethflow: { userValidTo: number; sender: Address; refundTxHash: Hex | null; placementError: 'QuoteNotFound' | 'ValidToTooFarInFuture' | 'PreValidationError' | null } | null;
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
  sellToken: Address;
  buyToken: Address;
  kind: 'sell' | 'buy';
  /** Asked with `onchainOrder: true`: the price of an EthFlow placement. */
  onchainOrder: boolean;
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
