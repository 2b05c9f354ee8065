import type { Migration } from '../migrate';
import { settingsMigration } from './001-settings';

/** Every migration, in order. Append only: a shipped migration never changes. */
export const MIGRATIONS: readonly Migration[] = [settingsMigration];
