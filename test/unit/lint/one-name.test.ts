import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

/**
 * Issue 16: "one name per concept across folders (notifications / watcher /
 * watch today)". What the watcher tells the user is a notification everywhere
 * (NotificationEvent, NotificationStore, table notifications); "watch" names
 * the watch-only account kind. The names the told events had before must not
 * come back. Migrations are exempt: they keep the names the file once had.
 */
const SOURCES = ['main', 'renderer/src', 'preload'];
const EXEMPT = 'main/core/store/migrations/';
/** The told events (and their store, their per-type switches) under another name than "notification". */
const OTHER_NAME = /\b[Ww]atch(?:Events?|Store|Prefs?)|\bwatch[-_](?:events?|store)\b|\bwatcherEvents?\b/g;

describe('one name per concept', () => {
  it('calls what the watcher tells the user a notification, in every file name, identifier and table', () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(dir)).filter((file) => !file.startsWith(EXEMPT));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const named = [...file.matchAll(OTHER_NAME)].map((match) => `${file}: file named ${match[0]}`);
      const lines = readFileSync(file, 'utf8').split('\n');
      return [...named, ...lines.flatMap((line, index) => [...line.matchAll(OTHER_NAME)].map((match) => `${file}:${index + 1}: ${match[0]}`))];
    });
    expect(found).toEqual([]);
  });
});
