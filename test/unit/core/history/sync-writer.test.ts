import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../main/common/protocol/api';
import { toOrderParams, type OrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { openSyncWriter } from '../../../../main/core/history/sync-writer';
import { TransitionStream } from '../../../../main/core/history/transition-stream';
import { openStore, type Store } from '../../../../main/core/store/open-store';
import { makeTempDir } from '../../../helpers/temp-dir';
import { apiOrderFixture } from './order-fixture';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const uidOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}${OWNER.slice(2)}6a000000`;
const rowOf = (n: number, overrides: Record<string, unknown> = {}): OrderParams =>
  toOrderParams(apiOrderSchema.parse(apiOrderFixture({ uid: uidOf(n), ...overrides })), OWNER, 1, 'production', 1);
const filled = { status: 'fulfilled', executedSellAmount: '3000000000', executedBuyAmount: '1000000000000000000' };
const stillOpen = { status: 'open', executedSellAmount: '0', executedBuyAmount: '0', executedSellAmountBeforeFees: '0' };

// The sync writes on the writer thread for a file and in place for memory: both must land rows as the repository does.
describe.each(['file', 'memory'] as const)('the sync writer (%s store): orders placed since the last look', (kind) => {
  let store: Store;
  let remove = () => undefined as void;
  const open = () => {
    if (kind === 'memory') store = openStore(':memory:');
    else {
      const dir = makeTempDir('cow-desk-sync-writer-');
      remove = dir.remove;
      store = openStore(join(dir.path, 'store.sqlite'));
    }
    const repo = new OrdersRepo(store.db);
    return { repo, writer: openSyncWriter(repo), stream: new TransitionStream(store.db) };
  };
  afterEach(async () => {
    await store.close();
    remove();
  });

  it('counts each new order once, open or already filled, and records what happened to the filled one', async () => {
    const { repo, writer, stream } = open();
    expect(await writer.orders([rowOf(1, stillOpen), rowOf(2, filled)], true)).toBe(2);
    await writer.close();
    expect(repo.get(uidOf(1))).toMatchObject({ status: 'open' });
    expect(stream.pending('test').map((change) => [change.uid, change.before.status, change.after.status])).toEqual([[uidOf(2), 'open', 'fulfilled']]);
  });

  it('writes a batch all or nothing: a row the store refuses leaves no order of it behind, not even as placed', async () => {
    const { repo, writer, stream } = open();
    // A row the store refuses once it is more than placed (a status missing).
    const refused = { ...rowOf(4, filled), status: null } as unknown as OrderParams;
    await expect(writer.orders([rowOf(3, filled), refused], true)).rejects.toThrow(/NOT NULL/);
    await writer.close();
    expect(repo.get(uidOf(3))).toBeUndefined();
    expect(repo.get(uidOf(4))).toBeUndefined();
    expect(stream.pending('test')).toEqual([]);
  });
});
