import { badResponseError, type AnswerBody } from '../api/http-client';
import { fullPageBytes } from './full-page-bytes';
import { TOO_DEEP, type PageAsk, type PageSummary } from './sync-pages';
import type { SyncWriter } from './sync-writer';

/** A walk's pages after the first grow by this factor, up to its largest. */
const PAGE_GROWTH = 4;

/**
 * Newest-first paging that starts at `first` a page and grows to `max`, until
 * a short page or one that reaches what is already known. Each page goes to
 * the writer as it came (bytes): it answers the page's summary once checked,
 * then commits its rows. A full page that does not reach what is known means
 * another page: that one is asked for as soon as this one is checked, while
 * the pages before may still be storing, so the requests wait on the rate
 * limiter, not on the store; the walk hands pages over at most two ahead of
 * the commits (`before`: the commits of the walk before it, which count as
 * its own), so a store slower than the requests holds it back. A page the schema
 * refuses fails the walk with the client's own error for it. Answers once the
 * last page is checked, with the commits still to come.
 *
 * A first pass (nothing known) asks for the next page as soon as a page's
 * bytes hold a full page of items (`itemKey` counted on them, fullPageBytes()),
 * not once the writer thread has parsed and checked it: that check is on every
 * page's way to the next request, and beside a busy machine it took longer
 * than the limiter's spacing. The check still decides: a page it refuses, or
 * finds short, cancels the request asked early (still waiting for its slot, it
 * is never sent).
 */
export async function walk(
  writer: SyncWriter,
  first: number,
  max: number,
  fetchPage: (offset: number, limit: number, signal?: AbortSignal) => Promise<AnswerBody>,
  ask: () => PageAsk,
  onPage: (page: PageSummary, offset: number, written: Promise<number>) => void,
  walkOptions: { itemKey: string; firstPass: boolean; before?: WalkCommits; signal?: AbortSignal | undefined },
): Promise<WalkCommits> {
  let offset = 0;
  let limit = first;
  let next: Promise<AnswerBody> | undefined = fetchPage(offset, limit, walkOptions.signal);
  /** The commits of the last page and of the one before it. */
  let written: Promise<unknown> = walkOptions.before?.last ?? Promise.resolve();
  let writtenBefore: Promise<unknown> = walkOptions.before?.beforeLast ?? Promise.resolve();
  while (next) {
    const answer: AnswerBody = await next;
    const nextLimit = Math.min(limit * PAGE_GROWTH, max);
    const early = walkOptions.firstPass && fullPageBytes(answer.bytes, walkOptions.itemKey, limit) ? earlyPage((signal) => fetchPage(offset + limit, nextLimit, signal), walkOptions.signal) : undefined;
    try {
      const handed = writer.page(answer.bytes, ask());
      // Settled when they are awaited; meanwhile their failures must not count as unhandled.
      handed.written.catch(() => undefined);
      writtenBefore.catch(() => undefined);
      const page = await handed.decoded;
      if (page === TOO_DEEP) throw answer.tooDeep();
      if (!page) throw badResponseError(answer.endpoint, answer.status);
      // Throws a store's failure: the walk stops there.
      await writtenBefore;
      const more = page.count === limit && !page.reachesKnown;
      const pageOffset = offset;
      offset += limit;
      limit = nextLimit;
      next = more ? (early?.answer ?? fetchPage(offset, limit, walkOptions.signal)) : undefined;
      if (!more) early?.cancel();
      next?.catch(() => undefined);
      onPage(page, pageOffset, handed.written);
      writtenBefore = written;
      written = handed.written;
    } catch (error) {
      early?.cancel();
      throw error;
    }
  }
  return { last: written, beforeLast: writtenBefore };
}

/** The commits of a walk's last two pages, still to come when it answers; a failure is the pass's (pageCommits()). */
export interface WalkCommits {
  last: Promise<unknown>;
  beforeLast: Promise<unknown>;
}

/** Both of a walk's last commits, failing with the first to fail. */
export function pageCommits({ last, beforeLast }: WalkCommits): Promise<unknown> {
  return Promise.all([beforeLast, last]);
}

/** A page asked for before it is known to be needed: `cancel()` drops it (not sent if still waiting for its slot). */
function earlyPage(fetch: (signal: AbortSignal) => Promise<AnswerBody>, passSignal: AbortSignal | undefined): { answer: Promise<AnswerBody>; cancel: () => void } {
  const controller = new AbortController();
  const answer = fetch(passSignal ? AbortSignal.any([passSignal, controller.signal]) : controller.signal);
  answer.catch(() => undefined);
  return { answer, cancel: () => controller.abort() };
}
