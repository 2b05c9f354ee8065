/**
 * How an EthFlow order shows to the user who placed it. The order the EthFlow contract places is the contract's,
 * sells the wrapped native token and is valid for ever; the user sent ETH and set their own deadline. Apart from
 * ethflow.ts (the contract's order data, its hash and UID) so that a view which only shows orders loads no schema or hashing.
 */
import { nativeSymbol } from '../wallet/wallet-facts';

/** The facts an EthFlow order carries beside the contract's own fields. */
export interface EthFlowFacts {
  owner: string;
  validTo: number;
  ethflowData?: { userValidTo?: number | null } | null | undefined;
  onchainUser?: string | null | undefined;
  onchainOrderData?: { sender?: string | null } | null | undefined;
}

/**
 * Who placed the order and until when, as the user knows it. An EthFlow order
 * is owned by the EthFlow contract and signed with validTo 4294967295; the
 * user is the on-chain sender and their expiry is ethflowData.userValidTo.
 */
export function userView(order: EthFlowFacts): { owner: string; validTo: number; ethFlow: boolean } {
  if (!order.ethflowData) return { owner: order.owner, validTo: order.validTo, ethFlow: false };
  return {
    owner: order.onchainUser ?? order.onchainOrderData?.sender ?? order.owner,
    validTo: order.ethflowData.userValidTo ?? order.validTo,
    ethFlow: true,
  };
}

/**
 * An EthFlow order told from a stored History row, which keeps the order's
 * rest on disk: it is listed for the user who placed it (userView's owner),
 * and the contract is its owner; every other order is listed for its owner.
 * userView tells the same from the order itself (its ethflowData). This holds
 * for every EthFlow deployment, the older ones included.
 */
export function ethFlowRow(row: { owner: string; account: string }): boolean {
  return row.owner.toLowerCase() !== row.account.toLowerCase();
}

/**
 * The symbol an order's sold token is shown by. An EthFlow order sells the
 * user's native currency (ETH, xDAI): the user sent it and the contract wraps
 * it, so the order it places names the wrapped token (WETH), whose symbol
 * the stored row holds and the History filters and search go by.
 */
export function soldSymbol(ethFlow: boolean, chainId: number, sellSymbol: string | null): string | null {
  return ethFlow ? nativeSymbol(chainId) : sellSymbol;
}
