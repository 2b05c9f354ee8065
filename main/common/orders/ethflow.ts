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
