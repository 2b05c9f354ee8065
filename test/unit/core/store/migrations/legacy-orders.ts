import type { Database } from 'better-sqlite3';
import type { ApiOrder, Trade } from '../../../../../main/common/protocol/api';
import { findKnownToken } from '../../../../../main/common/protocol/tokens';

/**
 * Writes an order and its fills the way CoW Desk did at schema versions 3 to 6
 * (every field as a column and again in `raw`): the input of migration 007's
 * tests. A frozen copy of the old mapping, on purpose: the app's own code now
 * writes the new shape.
 */
export function writeLegacyOrder(db: Database, order: ApiOrder, account: string, chainId: number, trades: readonly Trade[] = []): void {
  const bool = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 1 : 0);
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const row: Record<string, unknown> = {
    uid: order.uid, account, chain_id: chainId, environment: 'production', owner: order.owner, sell_token: order.sellToken, buy_token: order.buyToken,
    sell_amount: order.sellAmount, buy_amount: order.buyAmount, valid_to: order.validTo, fee_amount: order.feeAmount ?? null, kind: order.kind,
    partially_fillable: bool(order.partiallyFillable), signing_scheme: order.signingScheme ?? null, signature: order.signature ?? null,
    app_data: order.appData ?? null, app_data_hash: order.appDataHash ?? null, full_app_data: order.fullAppData ?? null,
    creation_date: order.creationDate, created_at: Date.parse(order.creationDate), class: order.class ?? null, owner_from: order.from ?? null,
    receiver: order.receiver ?? null, executed_sell_amount: order.executedSellAmount ?? null,
    executed_sell_amount_before_fees: order.executedSellAmountBeforeFees ?? null, executed_buy_amount: order.executedBuyAmount ?? null,
    executed_fee_amount: order.executedFeeAmount ?? null, executed_fee: order.executedFee ?? null, executed_fee_token: order.executedFeeToken ?? null,
    invalidated: bool(order.invalidated), status: order.status, settlement_contract: order.settlementContract ?? null,
    sell_token_balance: order.sellTokenBalance ?? null, buy_token_balance: order.buyTokenBalance ?? null, quote_id: order.quoteId ?? null,
    full_balance_check: bool(order.fullBalanceCheck), available_balance: order.availableBalance ?? null, is_liquidity_order: bool(order.isLiquidityOrder),
    onchain_user: order.onchainUser ?? null, valid_from: order.validFrom ?? null, ethflow_data: json(order.ethflowData),
    onchain_order_data: json(order.onchainOrderData), quote: json(order.quote), interactions: json(order.interactions), raw: JSON.stringify(order),
    app_code: 'CoW Swap', sell_symbol: findKnownToken(chainId, order.sellToken)?.symbol ?? null, buy_symbol: findKnownToken(chainId, order.buyToken)?.symbol ?? null,
    filled_pct: 0, local_state: null, trades_for: null, synced_at: 1,
  };
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO orders (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(row);
  for (const trade of trades) {
    db.prepare(
      `INSERT INTO trades (chain_id, block_number, log_index, order_uid, owner, sell_token, buy_token, sell_amount, sell_amount_before_fees, buy_amount, tx_hash, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(chainId, trade.blockNumber, trade.logIndex, trade.orderUid, trade.owner, trade.sellToken, trade.buyToken, trade.sellAmount,
      trade.sellAmountBeforeFees, trade.buyAmount, trade.txHash, JSON.stringify(trade));
  }
}
