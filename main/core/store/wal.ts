/**
 * WAL pages after which a commit copies the log back into the file (SQLite's
 * default is 1000). A sync touches a page of every index per order: checkpoints
 * at 4 MB copied the same pages over and over and cost the writer half its time
 * (issue 17); at 64 MB a page is copied once for many commits. Every connection
 * uses it, so a small write of the main thread never finds a log over its own
 * threshold and checkpoints a sync's pages on the main thread.
 */
export const WAL_CHECKPOINT_PAGES = 16_000;
