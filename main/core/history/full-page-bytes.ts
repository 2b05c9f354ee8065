/**
 * Whether a page's bytes, unparsed, hold at least `limit` items: `key` (a
 * JSON key every item has once, with its quotes: `"uid"`) counted on them, up
 * to `limit`. Inside a JSON string every quote is escaped, so those bytes
 * appear only as a key (or a value spelled the same): a hint, which the
 * page's own check (sync-pages.ts) confirms or overrules.
 */
export function fullPageBytes(bytes: ArrayBuffer, key: string, limit: number): boolean {
  // A view of the bytes, not a copy: they are handed over to the writer thread next.
  const view = Buffer.from(bytes);
  const needle = Buffer.from(key);
  let count = 0;
  for (let at = view.indexOf(needle); at >= 0 && count < limit; at = view.indexOf(needle, at + needle.length)) count += 1;
  return count >= limit;
}
