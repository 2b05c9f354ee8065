import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { AccountsRepo } from '../../../../../main/core/signer/accounts-repo';

describe('migration 002: accounts', () => {
  const open = () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, 2));
    return db;
  };
  const account = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const, label: 'Trading', kind: 'keychain' as const, createdAt: '2026-11-22T00:00:00.000Z' };

  it('stores account metadata and finds it in any address case', () => {
    const repo = new AccountsRepo(open());
    repo.insert(account);
    expect(repo.find('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toEqual(account);
  });

  it('has no column a key could go into, and refuses duplicates, bad kinds and bad addresses', () => {
    const db = open();
    const columns = (db.prepare('PRAGMA table_info(accounts)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(['address', 'label', 'kind', 'created_at']);
    const repo = new AccountsRepo(db);
    repo.insert(account);
    expect(() => repo.insert({ ...account, address: account.address.toLowerCase() as `0x${string}` })).toThrow(/UNIQUE/);
    expect(() => repo.insert({ ...account, address: '0x1111111111111111111111111111111111111111', kind: 'plaintext' as 'watch' })).toThrow(/CHECK/);
    expect(() => repo.insert({ ...account, address: 'hello' as `0x${string}` })).toThrow(/CHECK/);
  });
});
