import type { Migration } from '../migrate';
import { settingsMigration } from './001-settings';
import { accountsMigration } from './002-accounts';
import { orderHistoryMigration } from './003-order-history';
import { orderSearchMigration } from './004-order-search';
import { marketSnapshotsMigration } from './005-market-snapshots';
import { watcherEventsMigration } from './006-watcher-events';
import { ordersReshapeMigration } from './007-orders-reshape';
import { orderTransitionsMigration } from './008-order-transitions';
import { transactionJournalMigration } from './009-transaction-journal';
import { notificationsNameMigration } from './010-notifications-name';
import { notificationsBlockDatedMigration } from './011-notifications-block-dated';
import { transitionsBeforeFeesMigration } from './012-transitions-before-fees';
import { ordersMoveForwardMigration } from './013-orders-move-forward';
import { journalEthFlowKindsMigration } from './014-journal-ethflow-kinds';
import { historyTokenFilterMigration } from './015-history-token-filter';
import { liveOrdersCoveredMigration } from './016-live-orders-covered';
import { putOffIndexesMigration } from './017-put-off-indexes';
import { historyTokenFilledMigration } from './018-history-token-filled';
import { searchTermsMigration } from './019-search-terms';
import { ordersDerivedInBulkMigration } from './020-orders-derived-in-bulk';

/** Every migration, in order. Append only: a shipped migration never changes. */
export const MIGRATIONS: readonly Migration[] = [
  settingsMigration, accountsMigration, orderHistoryMigration, orderSearchMigration, marketSnapshotsMigration, watcherEventsMigration,
  ordersReshapeMigration, orderTransitionsMigration, transactionJournalMigration, notificationsNameMigration, notificationsBlockDatedMigration,
  transitionsBeforeFeesMigration, ordersMoveForwardMigration, journalEthFlowKindsMigration, historyTokenFilterMigration,
  liveOrdersCoveredMigration, putOffIndexesMigration, historyTokenFilledMigration, searchTermsMigration, ordersDerivedInBulkMigration,
];
