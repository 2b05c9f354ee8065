import { z } from 'zod';
import { addressSchema, uidSchema } from '../protocol/api/primitives';
import { environmentSchema } from '../protocol/environments';

/** Columns the history table sorts by; each maps to one SQL expression in main. */
export const HISTORY_SORT_COLUMNS = [
  'createdAt',
  'account',
  'chainId',
  'status',
  'kind',
  'sellToken',
  'buyToken',
  'sellAmount',
  'buyAmount',
  'filledPct',
  'validTo',
  'appCode',
  'uid',
] as const;
export const historySortColumnSchema = z.enum(HISTORY_SORT_COLUMNS);
export type HistorySortColumn = z.infer<typeof historySortColumnSchema>;

/** Statuses a history row can have: the service's, plus the local journal's for unconfirmed submissions. */
export const LOCAL_ORDER_STATES = ['submitting', 'unsent', 'failed'] as const;

const dateMsSchema = z.number().int().nonnegative();

/** What the history table shows: a filter, a search, a sort and a window of rows. */
export const historyFilterSchema = z.strictObject({
  accounts: z.array(addressSchema).max(100).optional(),
  chainIds: z.array(z.number().int()).max(10).optional(),
  statuses: z.array(z.string().min(1).max(40)).max(10).optional(),
  kind: z.enum(['sell', 'buy']).optional(),
  /** A token address, or a symbol such as USDC (matched without case). */
  token: z.string().trim().min(1).max(64).optional(),
  /** Epoch milliseconds, inclusive. */
  from: dateMsSchema.optional(),
  to: dateMsSchema.optional(),
  /** Full-text search: every word must match the start of a UID, address, symbol, appCode or status. */
  search: z.string().trim().max(200).optional(),
});
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

export const historySortSchema = z.strictObject({
  column: historySortColumnSchema,
  direction: z.enum(['asc', 'desc']),
});
export type HistorySort = z.infer<typeof historySortSchema>;

export const HISTORY_PAGE_MAX = 500;

export const historyQuerySchema = z.strictObject({
  filter: historyFilterSchema.default({}),
  sort: historySortSchema.default({ column: 'createdAt', direction: 'desc' }),
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(100),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** One line of the history table: amounts in base units, decimals when the token is known. */
export const historyRowSchema = z.strictObject({
  uid: uidSchema,
  account: addressSchema,
  chainId: z.number().int(),
  environment: environmentSchema,
  owner: addressSchema,
  kind: z.enum(['sell', 'buy']),
  status: z.string(),
  sellToken: addressSchema,
  buyToken: addressSchema,
  sellSymbol: z.string().nullable(),
  buySymbol: z.string().nullable(),
  sellDecimals: z.number().int().nullable(),
  buyDecimals: z.number().int().nullable(),
  sellAmount: z.string(),
  buyAmount: z.string(),
  executedSellAmount: z.string().nullable(),
  executedBuyAmount: z.string().nullable(),
  partiallyFillable: z.boolean(),
  /** 0..100 of the order's fill-defining amount (sell for sell orders, buy for buy orders). */
  filledPct: z.number(),
  /** When the order stops being fillable for its user (an EthFlow order: ethflowData.userValidTo, not the contract validTo 4294967295). */
  validTo: z.number().int(),
  createdAt: z.number().int(),
  appCode: z.string().nullable(),
  invalidated: z.boolean(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const historyPageSchema = z.strictObject({
  rows: z.array(historyRowSchema),
  total: z.number().int().nonnegative(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** Per (account, chain) of the current environment: how far the running sync is. */
export const syncProgressSchema = z.strictObject({
  account: addressSchema,
  chainId: z.number().int(),
  phase: z.enum(['orders', 'refresh', 'trades', 'done', 'failed']),
  /** Orders stored so far in this pass. */
  done: z.number().int().nonnegative(),
  /** Null while paging: the service does not say how many orders an account has. */
  total: z.number().int().nonnegative().nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const syncStatusSchema = z.strictObject({
  syncing: z.boolean(),
  /** The services cannot be reached: the screens work from the local copy. */
  offline: z.boolean(),
  /** Epoch ms of the last sync that completed for every account and chain. */
  lastSyncedAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
  progress: z.array(syncProgressSchema),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const lookupResultSchema = z.strictObject({
  /** What was pasted, trimmed. */
  input: z.string(),
  state: z.enum(['found', 'notFound', 'invalid', 'error']),
  message: z.string().nullable(),
  row: historyRowSchema.nullable(),
});
export type LookupResult = z.infer<typeof lookupResultSchema>;
