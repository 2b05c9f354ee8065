import type { Migration } from '../migrate';
import { settingsMigration } from './001-settings';
import { accountsMigration } from './002-accounts';

/** Every migration, in order. Append only: a shipped migration never changes. */
export const MIGRATIONS: readonly Migration[] = [settingsMigration, accountsMigration];
