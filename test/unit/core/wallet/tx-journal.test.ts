import { join } from 'node:path';
import { keccak256, type Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TxIntent } from '../../../../main/common/ipc/commands/wallet';
import { openStore, type Store } from '../../../../main/core/store/open-store';
import { TxJournal } from '../../../../main/core/wallet/tx-journal';
import { makeTempDir } from '../../../helpers/temp-dir';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' as const;
const approve = (intentId: string): TxIntent => ({ intentId, kind: 'approve', account: ACCOUNT, chainId: 1, token: WETH, amount: '2000000000000000000' });
const raw = (seed: string) => `0x02${seed.padStart(8, '0')}` as Hex;

/** The journal on a real SQLite file with the app's migrations. */
describe('transaction journal', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let store: Store;
  let journal: TxJournal;
  beforeEach(() => {
    dir = makeTempDir('cow-desk-journal-');
    store = openStore(join(dir.path, 'journal.sqlite'));
    journal = new TxJournal(store.db);
  });
  afterEach(() => {
    store.close();
    dir.remove();
  });

  const insert = (intent: TxIntent, nonce: number, bytes: Hex) => {
    const hash = keccak256(bytes);
    journal.insert({ hash, intent, nonce, raw: bytes, summary: 'Approve 2 WETH to the CoW Protocol vault relayer' });
    return hash;
  };

  it('an unclear send reads back as unclear, stays pending, and is named to another click of the same kind', () => {
    const hash = insert(approve('click-0001'), 0, raw('01'));
    journal.setStatus(hash, 'unclear', { error: 'The transaction was sent but the node answered HTTP 502.' });
    expect(journal.get(hash)).toMatchObject({ status: 'unclear', error: expect.stringMatching(/502/) });
    expect(journal.pending().map((row) => row.hash)).toEqual([hash]);
    expect(journal.pendingOfKind(approve('click-0002'))).toMatchObject({ hash, status: 'unclear' });
    // The click itself is not "another" click.
    expect(journal.pendingOfKind(approve('click-0001'))).toBeUndefined();
    journal.setStatus(hash, 'broadcast');
    expect(journal.get(hash)?.status).toBe('broadcast');
  });

  it('names the chains where a transaction is signed, unclear or broadcast, and not those where each is confirmed, failed or replaced', () => {
    expect(journal.pendingChains()).toEqual([]);
    const onGnosis = insert({ ...approve('click-gnosis'), chainId: 100 }, 0, raw('ff'));
    journal.setStatus(onGnosis, 'broadcast');
    for (const [n, settled] of (['confirmed', 'failed', 'replaced'] as const).entries()) {
      for (const pending of ['signed', 'unclear', 'broadcast'] as const) {
        const hash = insert(approve(`click-${n}-${pending}`), n, raw(`${n}${pending.length}`));
        journal.setStatus(hash, pending);
        expect(journal.pendingChains(), pending).toEqual([1, 100]);
        journal.setStatus(hash, settled);
        expect(journal.pendingChains(), settled).toEqual([100]);
      }
    }
  });

  it('a new click signing the very bytes the node refused takes that row over; live or mined rows are never taken', () => {
    const bytes = raw('02');
    const hash = insert(approve('click-0003'), 1, bytes);
    journal.setStatus(hash, 'failed', { error: 'refused' });
    insert(approve('click-0004'), 1, bytes);
    expect(journal.get(hash)).toMatchObject({ intent_id: 'click-0004', status: 'signed', error: null });
    expect(() => insert(approve('click-0005'), 1, bytes)).toThrow(/already journalled for another click/);
  });
});
