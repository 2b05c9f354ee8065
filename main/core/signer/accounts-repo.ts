import type { Database, Statement } from 'better-sqlite3';
import type { Address } from 'viem';
import type { Account, AccountKind } from '../../common/ipc/commands/accounts';

interface AccountRow {
  address: Address;
  label: string;
  kind: AccountKind;
  created_at: string;
}

const toAccount = (row: AccountRow): Account => ({ address: row.address, label: row.label, kind: row.kind, createdAt: row.created_at });

/** Account metadata in SQLite: label, address, kind, created. Never a key. */
export class AccountsRepo {
  /** Prepared once: every signature looks its account up, and compiling the query cost more than running it. */
  private readonly findRow: Statement<[Address], AccountRow>;

  constructor(private readonly db: Database) {
    this.findRow = db.prepare('SELECT * FROM accounts WHERE lower(address) = lower(?)');
  }

  list(): Account[] {
    return (this.db.prepare('SELECT * FROM accounts ORDER BY created_at, address').all() as AccountRow[]).map(toAccount);
  }

  find(address: Address): Account | undefined {
    const row = this.findRow.get(address);
    return row && toAccount(row);
  }

  insert(account: Account): void {
    this.db
      .prepare('INSERT INTO accounts (address, label, kind, created_at) VALUES (?, ?, ?, ?)')
      .run(account.address, account.label, account.kind, account.createdAt);
  }

  rename(address: Address, label: string): void {
    this.db.prepare('UPDATE accounts SET label = ? WHERE lower(address) = lower(?)').run(label, address);
  }

  delete(address: Address): void {
    this.db.prepare('DELETE FROM accounts WHERE lower(address) = lower(?)').run(address);
  }
}
