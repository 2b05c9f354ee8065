import type { Database } from 'better-sqlite3';
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import { AppError } from '../../common/errors';
import { TX_KINDS, type TxIntent, type TxRecord, type TxStatus } from '../../common/ipc/commands/wallet';
import { blockExplorerTxUrl } from '../../common/protocol/explorers';
import { ethFlowSubject } from './ethflow-calls';
import { addressSchema, bytes32Schema, hexSchema } from '../../common/protocol/api/primitives';
import { PENDING_TX_STATUSES, TX_STATUSES } from '../../common/wallet/tx-status';

/**
 * One journalled transaction, read back through zod: the file may be older or
 * hand-edited. The table (migration 009) stores 'unclear' as 'signed' with the
 * reason in `error`: both mean "these bytes may or may not be at the node", are
 * reconciled alike, and only the words differ.
 */
const rowSchema = z
  .object({
    hash: bytes32Schema,
    intent_id: z.string(),
    kind: z.enum(TX_KINDS),
    subject: z.string(),
    account: addressSchema,
    chain_id: z.number().int(),
    nonce: z.number().int(),
    raw: hexSchema,
    summary: z.string(),
    status: z.enum(TX_STATUSES).exclude(['unclear']),
    block_number: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .transform((row) => ({ ...row, status: (row.status === 'signed' && row.error !== null ? 'unclear' : row.status) as TxStatus }));
export type JournalRow = z.output<typeof rowSchema>;

/** Where the journal keeps the 'unclear' state: see rowSchema. */
const stored = (status: TxStatus) => (status === 'unclear' ? 'signed' : status);
/** The pending set (main/common) as the table stores it. */
const PENDING_SQL = `status IN (${[...new Set(PENDING_TX_STATUSES.map(stored))].map((status) => `'${status}'`).join(', ')})`;

export interface NewJournalRow {
  hash: Hex;
  intent: TxIntent;
  nonce: number;
  raw: Hex;
  summary: string;
  /** A replacement keeps its original's subject (its intent carries only the identity fields). */
  subject?: string;
}

/**
 * What an intent is about, beside its kind: the token approved, the order
 * pre-signed or cancelled, the amount wrapped. Kept for the record; it never
 * decides whether a click is sent (only the click's intent id does).
 */
export function subjectOf(intent: TxIntent): string {
  switch (intent.kind) {
    case 'approve':
      return `${intent.token.toLowerCase()}:${intent.amount}`;
    case 'wrap':
    case 'unwrap':
      return intent.amount;
    case 'presign':
    case 'invalidate':
      return intent.orderUid.toLowerCase();
    case 'ethflowOrder':
    case 'ethflowRefund':
      return ethFlowSubject(intent.order);
  }
}

/** The wallet's transaction journal (migration 009) in SQLite. */
export class TxJournal {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Written before the broadcast, in its own committed statement (WAL, synchronous=FULL per the store).
   * A new click may sign exactly the bytes of an earlier one the node refused (same nonce, call and
   * fees): that row is taken over by the new click instead of breaking the hash's uniqueness.
   */
  insert(row: NewJournalRow): void {
    const at = this.now();
    const written = this.db
      .prepare(
        `INSERT INTO wallet_transactions (hash, intent_id, kind, subject, account, chain_id, nonce, raw, summary, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signed', ?, ?)
         ON CONFLICT (hash) DO UPDATE SET intent_id = excluded.intent_id, summary = excluded.summary, status = 'signed', error = NULL,
           block_number = NULL, created_at = excluded.created_at, updated_at = excluded.updated_at
         WHERE wallet_transactions.status = 'failed' AND wallet_transactions.block_number IS NULL`,
      )
      .run(row.hash.toLowerCase(), row.intent.intentId, row.intent.kind, row.subject ?? subjectOf(row.intent), row.intent.account, row.intent.chainId, row.nonce, row.raw, row.summary, at, at);
    if (written.changes === 0) {
      throw new AppError('TX_ALREADY_JOURNALLED', 'This exact transaction is already journalled for another click and is not settled; nothing new was sent.');
    }
  }

  /** The live row of an intent (not replaced), newest first. */
  liveForIntent(intentId: string): JournalRow | undefined {
    return this.parse(this.db.prepare(`SELECT * FROM wallet_transactions WHERE intent_id = ? AND status != 'replaced' ORDER BY created_at DESC, rowid DESC LIMIT 1`).get(intentId));
  }

  /** Another click's pending transaction of the same kind from this account on the chain: the dialog names it. */
  pendingOfKind(intent: TxIntent): JournalRow | undefined {
    return this.parse(
      this.db
        .prepare(`SELECT * FROM wallet_transactions WHERE account = ? AND chain_id = ? AND kind = ? AND intent_id != ? AND ${PENDING_SQL} ORDER BY created_at DESC, rowid DESC LIMIT 1`)
        .get(intent.account, intent.chainId, intent.kind, intent.intentId),
    );
  }

  /** The chains where a transaction waits for its block (the block watch reads their blocks faster). */
  pendingChains(): number[] {
    return this.db.prepare(`SELECT DISTINCT chain_id FROM wallet_transactions WHERE ${PENDING_SQL} ORDER BY chain_id`).pluck().all() as number[];
  }

  pending(): JournalRow[] {
    return this.all(`SELECT * FROM wallet_transactions WHERE ${PENDING_SQL} ORDER BY created_at, rowid`);
  }

  /** Rows of one account and chain whose nonce is not yet known to be used, for the next nonce. */
  pendingNonces(account: Address, chainId: number): number[] {
    return this.pending()
      .filter((row) => row.account.toLowerCase() === account.toLowerCase() && row.chain_id === chainId)
      .map((row) => row.nonce);
  }

  siblings(intentId: string): JournalRow[] {
    return this.all(`SELECT * FROM wallet_transactions WHERE intent_id = ? ORDER BY created_at, rowid`, intentId);
  }

  list(account?: Address): JournalRow[] {
    return account
      ? this.all(`SELECT * FROM wallet_transactions WHERE account = ? ORDER BY created_at DESC, rowid DESC`, account)
      : this.all(`SELECT * FROM wallet_transactions ORDER BY created_at DESC, rowid DESC`);
  }

  get(hash: Hex): JournalRow | undefined {
    return this.parse(this.db.prepare('SELECT * FROM wallet_transactions WHERE hash = ?').get(hash.toLowerCase()));
  }

  setStatus(hash: Hex, status: TxStatus, fields: { blockNumber?: number | null; error?: string | null } = {}): JournalRow | undefined {
    this.db
      // A mined (confirmed) row never goes back to pending: a pass that read it pending before another settled it.
      .prepare(
        "UPDATE wallet_transactions SET status = ?, block_number = COALESCE(?, block_number), error = ?, updated_at = ? WHERE hash = ? AND NOT (status = 'confirmed' AND ? = 'signed' OR status = 'confirmed' AND ? = 'broadcast')",
      )
      .run(stored(status), fields.blockNumber ?? null, fields.error ?? null, this.now(), hash.toLowerCase(), stored(status), stored(status));
    return this.get(hash);
  }

  private all(sql: string, ...params: unknown[]): JournalRow[] {
    return this.db
      .prepare(sql)
      .all(...params)
      .flatMap((row) => {
        const parsed = rowSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
  }

  private parse(row: unknown): JournalRow | undefined {
    if (row === undefined) return undefined;
    const parsed = rowSchema.safeParse(row);
    return parsed.success ? parsed.data : undefined;
  }
}

/** A journal row as the app shows it (the transaction list, the dialogs, the change events). */
export function txRecordOf(row: JournalRow): TxRecord {
  return {
    intentId: row.intent_id,
    kind: row.kind,
    account: row.account,
    chainId: row.chain_id,
    hash: row.hash,
    nonce: row.nonce,
    summary: row.summary,
    status: row.status,
    blockNumber: row.block_number,
    error: row.error,
    explorerUrl: blockExplorerTxUrl(row.chain_id, row.hash),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
