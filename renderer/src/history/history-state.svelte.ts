import type { HistoryFilter, HistoryPage, HistorySort, SyncStatus } from '../../../main/common/history/history-schema';
import { api } from '../lib/api';
import { humanError } from '../shell/app-state.svelte';

export const PAGE_SIZE = 50;

/**
 * The history screen's state. Main owns the data: every filter, sort or page
 * change asks main for exactly the rows to show, so 100k orders cost one page
 * of rows in the renderer. Sync status and "data changed" arrive as events.
 */
export const history = $state({
  filter: {} as HistoryFilter,
  sort: { column: 'createdAt', direction: 'desc' } as HistorySort,
  offset: 0,
  page: null as HistoryPage | null,
  status: null as SyncStatus | null,
  selected: null as string | null,
  lookupOpen: false,
  error: null as string | null,
  notice: null as string | null,
});

let generation = 0;

export async function load(): Promise<void> {
  const mine = ++generation;
  try {
    const page = await api.invoke('history.query', { filter: history.filter, sort: history.sort, offset: history.offset, limit: PAGE_SIZE });
    // A slower answer to an older query must not replace a newer one.
    if (mine === generation) {
      history.page = page;
      history.error = null;
    }
  } catch (error) {
    if (mine === generation) history.error = humanError(error);
  }
}

export function setFilter(patch: Partial<HistoryFilter>): void {
  const next: Record<string, unknown> = { ...history.filter, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '' || (Array.isArray(next[key]) && next[key].length === 0)) delete next[key];
  history.filter = next as HistoryFilter;
  history.offset = 0;
  history.notice = null;
  void load();
}

export function sortBy(column: HistorySort['column']): void {
  const same = history.sort.column === column;
  history.sort = { column, direction: same && history.sort.direction === 'desc' ? 'asc' : 'desc' };
  history.offset = 0;
  void load();
}

/** Shows one order's detail (null: back to the table). */
export function select(uid: string | null): void {
  history.selected = uid;
  history.notice = null;
}

export function goTo(offset: number): void {
  history.offset = Math.max(0, offset);
  void load();
}

export async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
  history.error = null;
  try {
    return await action();
  } catch (error) {
    history.error = humanError(error);
    return undefined;
  }
}

/**
 * Calls `reread` after the stored history changed, at most every 300 ms: a
 * sync writes page after page, and a screen re-reads once, not once per page.
 * Answers the function that stops it.
 */
export function onHistoryChanged(reread: () => void): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const stop = api.on('history.changed', () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      reread();
    }, 300);
  });
  return () => {
    clearTimeout(pending);
    stop();
  };
}

export function connectHistory(): () => void {
  void load();
  api.invoke('history.status').then((status) => (history.status = status), () => undefined);
  const stops = [api.on('history.status', (status) => (history.status = status)), onHistoryChanged(() => void load())];
  return () => stops.forEach((stop) => stop());
}
