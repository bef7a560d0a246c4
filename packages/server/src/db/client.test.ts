import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteSettings, type Db } from './client.js';

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The embedded database as the server opens it: in a data directory, with its own settings. */
describe('the embedded database on disk', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-client-test-'));
  // The first start makes the folder and migrates it (the slow part).
  beforeAll(async () => {
    await (await openDatabase({ dataDir })).close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const setting = async (name: string) => {
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await rowsOf<Record<string, string>>(database.db, sql.raw(`show ${name}`));
      return row?.[name];
    } finally {
      await database.close();
    }
  };

  it('keeps a small buffer cache and few connection slots at every start', async () => {
    expect(await setting('shared_buffers')).toBe('16MB');
    const database = await openDatabase({ dataDir });
    try {
      const rows = await rowsOf(
        database.db,
        sql`select current_setting('max_connections') as slots, count(*)::int as schools from schools`,
      );
      expect(rows[0]).toEqual({ slots: '5', schools: 0 });
    } finally {
      await database.close();
    }
  });

  it('writes a commit to its WAL file before answering it, at every start', async () => {
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('takes another size of buffers from SALA_PGLITE_SHARED_BUFFERS', () => {
    expect(pgliteSettings({ SALA_PGLITE_SHARED_BUFFERS: ' 64MB ' }).shared_buffers).toBe('64MB');
    expect(pgliteSettings({ SALA_PGLITE_SHARED_BUFFERS: '' }).shared_buffers).toBe('16MB');
    expect(pgliteSettings({}).max_connections).toBe('5');
  });
});
