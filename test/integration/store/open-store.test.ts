import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, STORE_FILE } from '../../../main/core/services';
import { MIGRATIONS } from '../../../main/core/store/migrations';
import { openStore } from '../../../main/core/store/open-store';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';

describe('SQLite store on a real file', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => dir.remove());

  it('creates the file (and its folder) in WAL mode with foreign keys on, fully migrated', () => {
    const path = join(dir.path, 'nested', 'app.sqlite');
    const store = openStore(path);
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    store.close();
  });

  it('keeps data and schema version across a reopen', () => {
    const path = join(dir.path, 'app.sqlite');
    const first = openStore(path);
    first.db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('k', '"v"', 1);
    first.close();
    const second = openStore(path);
    expect(second.schemaVersion).toBe(MIGRATIONS.length);
    expect(second.db.prepare('SELECT value FROM settings WHERE key = ?').get('k')).toEqual({ value: '"v"' });
    second.close();
  });

  it('still starts the app when the file is not a database, and says so in the health report', async () => {
    writeFileSync(join(dir.path, STORE_FILE), 'this is not a sqlite file, just text that fills the header '.repeat(20));
    const log = recordingLogger();
    const services = createServices({ userDataDir: dir.path, appVersion: '9.9.9', log, tokenListUrls: [] });
    const answer = await services.router.handle('app.health', undefined);
    expect(answer).toMatchObject({ ok: true, value: { store: { opened: false, path: join(dir.path, STORE_FILE) } } });
    expect(JSON.stringify(answer)).toMatch(/could not be opened/);
    await services.close();
  });
});
