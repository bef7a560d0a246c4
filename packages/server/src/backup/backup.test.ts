import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '@sala/contract';
import {
  DEMO_PASSWORD,
  multipartBody,
  onePixelPng,
  signIn,
  tablesDigest,
} from '../../test/helpers.js';
import { buildServer } from '../app.js';
import { configFromEnv } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { loadSigningKey } from '../lib/tokens.js';
import { loadSecretKey } from '../modules/telegram/crypto.js';
import { bootstrapDatabase } from '../seed/bootstrap.js';
import { BackupError, createBackup, restoreBackup, verifyArchive } from './backup.js';
import { askServerToBackUp } from './control.js';
import { DataDirBusyError, lockDataDir, lockFile } from './lock.js';
import { knownMigrations, migrationsUpTo } from './migrations.js';
import { readTarGz, TarGzWriter } from './tar.js';
import { dailyBackups, DailyBackups } from './schedule.js';
import { startServerBackups } from './service.js';

const temporary: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bk-'));
  temporary.push(dir);
  return dir;
}

/** Every table of the public schema, by name. */
async function allTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql.raw(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows.map(
    (row) => row.table_name,
  );
}

/** One digest of every row of every table, and the table names. */
async function everyTable(db: Db): Promise<{ tables: string[]; digest: string }> {
  const tables = await allTables(db);
  return {
    tables,
    digest: await tablesDigest(
      db,
      tables.map((name) => `public."${name}"`),
    ),
  };
}

/** Every file below `dir` with its bytes, by relative path. */
function filesOf(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, file)] = fs.readFileSync(file).toString('base64');
  }
  return found;
}

/** An embedded database, migrated (from the suite's migrated template when there is one). */
async function embeddedDatabase(): Promise<{ database: Database; client: PGlite }> {
  const template = process.env.TEST_DATABASE_URL ? undefined : inject('pgliteTemplate');
  const client = template
    ? await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]) })
    : await PGlite.create();
  return { database: await openDatabase({ pglite: client }), client };
}

afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup of the embedded database', () => {
  let source: { database: Database; client: PGlite };
  let dataDir: string;
  let archive: string;

  beforeAll(async () => {
    source = await embeddedDatabase();
    dataDir = tempDir();
    await bootstrapDatabase(source.database.db, {
      demo: true,
      demoData: true,
      adminPassword: DEMO_PASSWORD,
    });
    // The key files a server creates on first start, and one uploaded photo.
    loadSigningKey(dataDir, {});
    loadSecretKey(dataDir, {});
    const app = await buildServer({
      database: source.database,
      signingKey: loadSigningKey(dataDir, {}),
      dataDir,
      loginLimits: { perIp: 1000, perAccount: 1000 },
    });
    await app.ready();
    const admin = await signIn(app, 'admin');
    const body = multipartBody(onePixelPng);
    const upload = await app.inject({
      method: 'POST',
      url: endpoints.postUploadAvatar.path,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await app.close();

    archive = path.join(tempDir(), 'school.tar.gz');
    const result = await createBackup({
      source: { kind: 'pglite', client: source.client },
      dataDir,
      file: archive,
      env: {},
    });
    expect(result.manifest.uploads).toBe(1);
  }, 120_000);

  afterAll(async () => {
    await source.database.close();
  });

  it('writes one archive, for its owner only, whose manifest describes it', async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const manifest = await verifyArchive(archive);
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.database.migration.count).toBeGreaterThan(0);
    expect(manifest.database.tables.schools).toBe(1);
    expect(manifest.database.tables.students).toBeGreaterThan(0);
    expect(manifest.keys.files).toEqual(['jwt-secret', 'secret.key']);
    // Nothing left beside it.
    expect(fs.readdirSync(path.dirname(archive))).toEqual(['school.tar.gz']);
  });

  it('restores into a data folder: every table row for row, the files and the keys', async () => {
    // A data folder holding a key already is refused, and replaced only when asked.
    const target = tempDir();
    fs.writeFileSync(path.join(target, 'jwt-secret'), 'an older key');
    // What a restore that was killed left behind.
    fs.mkdirSync(path.join(target, '.restore-interrupted', 'pglite'), { recursive: true });
    await expect(
      restoreBackup({ file: archive, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(/not empty: .* holds jwt-secret.*--force/);
    const result = await restoreBackup({
      file: archive,
      dataDir: target,
      databaseUrl: undefined,
      force: true,
    });
    expect(fs.readdirSync(result.replacedDir!)).toEqual(['jwt-secret']);
    expect(fs.readFileSync(path.join(result.replacedDir!, 'jwt-secret'), 'utf8')).toBe(
      'an older key',
    );
    expect(fs.readdirSync(target).filter((name) => name.startsWith('.restore-'))).toEqual([]);
    // The new database's files included, nothing the group or other accounts may open.
    const open: string[] = [];
    const visit = (file: string) => {
      const stat = fs.lstatSync(file);
      if ((stat.mode & 0o077) !== 0) open.push(file);
      if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
    };
    visit(target);
    expect(open).toEqual([]);

    const restored = await openDatabase({ dataDir: path.join(target, 'pglite') });
    try {
      const before = await everyTable(source.database.db);
      const after = await everyTable(restored.db);
      expect(after.tables).toEqual(before.tables);
      expect(before.tables.length).toBeGreaterThan(20);
      expect(after.digest).toBe(before.digest);
    } finally {
      await restored.close();
    }
    expect(filesOf(path.join(target, 'uploads'))).toEqual(filesOf(path.join(dataDir, 'uploads')));
    expect(Object.keys(filesOf(path.join(target, 'uploads')))).toHaveLength(1);
    for (const key of ['jwt-secret', 'secret.key']) {
      expect(fs.readFileSync(path.join(target, key), 'utf8')).toBe(
        fs.readFileSync(path.join(dataDir, key), 'utf8'),
      );
      expect(fs.statSync(path.join(target, key)).mode & 0o777).toBe(0o600);
    }
    // Now it holds a database.
    await expect(
      restoreBackup({ file: archive, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(/holds pglite, uploads, jwt-secret, secret.key/);
  }, 120_000);

  it('refuses a damaged or altered archive before touching the target', async () => {
    const target = tempDir();
    const bytes = fs.readFileSync(archive);
    const damaged = path.join(tempDir(), 'damaged.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, flipped);
    await expect(
      restoreBackup({ file: damaged, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(BackupError);

    const cut = path.join(tempDir(), 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    await expect(
      restoreBackup({ file: cut, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(/not a readable Sala backup/);

    // A well-formed archive whose uploaded file differs from what its manifest recorded.
    const altered = path.join(tempDir(), 'altered.tar.gz');
    const writer = new TarGzWriter(altered, 0o600);
    for await (const entry of readTarGz(archive)) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      let data = Buffer.concat(chunks);
      if (entry.name.startsWith('files/uploads/')) data = Buffer.concat([data, Buffer.from('!')]);
      await writer.add(entry.name, data);
    }
    await writer.finish();
    await expect(
      restoreBackup({ file: altered, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(/does not match its checksum/);

    const notABackup = path.join(tempDir(), 'notes.tar.gz');
    fs.writeFileSync(notABackup, 'not an archive');
    await expect(
      restoreBackup({ file: notABackup, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(/not a readable Sala backup/);

    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('refuses a backup of the other kind of database', async () => {
    const target = tempDir();
    await expect(
      restoreBackup({
        file: archive,
        dataDir: target,
        databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      }),
    ).rejects.toThrow(/embedded database, but DATABASE_URL/);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('refuses a data folder another live process has open', async () => {
    const target = tempDir();
    // The test runner's parent process stands for a running server.
    fs.mkdirSync(path.dirname(lockFile(target)), { recursive: true });
    fs.writeFileSync(
      lockFile(target),
      JSON.stringify({
        pid: process.ppid,
        hostname: os.hostname(),
        holder: 'server',
        since: 'now',
      }),
    );
    expect(() => lockDataDir(target, 'backup')).toThrow(DataDirBusyError);
    await expect(
      restoreBackup({ file: archive, dataDir: target, databaseUrl: undefined }),
    ).rejects.toThrow(/in use by a running Sala server/);
    // A lock left by a process that is gone is taken over.
    fs.writeFileSync(
      lockFile(target),
      JSON.stringify({
        pid: 2 ** 22 + 1,
        hostname: os.hostname(),
        holder: 'server',
        since: 'then',
      }),
    );
    lockDataDir(target, 'backup').release();
    expect(fs.existsSync(lockFile(target))).toBe(false);
    // So is one from before the machine restarted, even when its pid is alive again.
    fs.writeFileSync(
      lockFile(target),
      JSON.stringify({
        pid: process.ppid,
        hostname: os.hostname(),
        holder: 'server',
        since: 'before the power cut',
        bootId: '00000000-0000-0000-0000-000000000000',
      }),
    );
    lockDataDir(target, 'backup').release();
    expect(fs.existsSync(lockFile(target))).toBe(false);
  });

  it('makes one daily backup a day and keeps the newest ones', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'sala-backup-2026-01-01-100000.tar.gz'), 'made by hand');
    let now = new Date('2026-03-01T03:00:00Z');
    const logged: string[] = [];
    const daily = new DailyBackups({
      dir,
      keep: 2,
      hour: 2,
      backup: (file) =>
        createBackup({ source: { kind: 'pglite', client: source.client }, dataDir, file }),
      log: {
        info: (_, message) => logged.push(message),
        error: (_, message) => logged.push(message),
      },
      now: () => now,
    });
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      now = new Date(`${day}T03:00:00Z`);
      expect(await daily.runIfDue()).toBeDefined();
      now = new Date(`${day}T05:00:00Z`);
      expect(await daily.runIfDue()).toBeUndefined();
    }
    expect(dailyBackups(dir)).toEqual([
      'sala-daily-2026-03-03-100000.tar.gz',
      'sala-daily-2026-03-02-100000.tar.gz',
    ]);
    expect(fs.readdirSync(dir)).toContain('sala-backup-2026-01-01-100000.tar.gz');
    expect(logged).toEqual(Array(3).fill('daily backup written'));
    await verifyArchive(path.join(dir, dailyBackups(dir)[0]!));
  });

  it('writes a backup for the CLI while the server has the database open', async () => {
    const serverDataDir = tempDir();
    loadSigningKey(serverDataDir, {});
    const config = configFromEnv({ DATA_DIR: serverDataDir, SALA_BACKUP: '0' });
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const backups = await startServerBackups(config, source.database, log);
    try {
      const file = path.join(tempDir(), 'asked.tar.gz');
      const result = await askServerToBackUp(serverDataDir, file);
      expect(result?.file).toBe(file);
      const manifest = await verifyArchive(file);
      expect(manifest.keys.files).toEqual(['jwt-secret']);
      expect(manifest.database.tables).toEqual(result?.manifest.database.tables);
    } finally {
      await backups.stop();
    }
    expect(await askServerToBackUp(serverDataDir, '/tmp/never.tar.gz')).toBeUndefined();
  });
});

describe('backup of PostgreSQL', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores pg_dump into a new database: every table row for row, the files and the keys',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const suffix = crypto.randomBytes(5).toString('hex');
      const names = [`sala_bk_source_${suffix}`, `sala_bk_target_${suffix}`];
      const urlOf = (name: string) => {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return url.toString();
      };
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of names) await admin.query(`create database ${name}`);
      const [sourceUrl, targetUrl] = names.map(urlOf) as [string, string];
      try {
        const source = await openDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
        const dataDir = tempDir();
        const targetDir = tempDir();
        try {
          await bootstrapDatabase(source.db, {
            demo: true,
            demoData: true,
            adminPassword: DEMO_PASSWORD,
          });
          loadSigningKey(dataDir, {});
          fs.mkdirSync(path.join(dataDir, 'uploads', 'school'), { recursive: true });
          fs.writeFileSync(path.join(dataDir, 'uploads', 'school', 'photo'), onePixelPng);

          const archive = path.join(tempDir(), 'pg.tar.gz');
          const made = await createBackup({
            source: { kind: 'postgres', databaseUrl: sourceUrl },
            dataDir,
            file: archive,
            env: {},
          });
          expect(made.manifest.database.kind).toBe('postgres');
          expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

          // An embedded data folder cannot take it.
          await expect(
            restoreBackup({ file: archive, dataDir: tempDir(), databaseUrl: undefined }),
          ).rejects.toThrow(/PostgreSQL database, but this server uses the embedded/);

          await restoreBackup({ file: archive, dataDir: targetDir, databaseUrl: targetUrl });
          const restored = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 });
          try {
            const before = await everyTable(source.db);
            const after = await everyTable(restored.db);
            expect(after.tables).toEqual(before.tables);
            expect(after.digest).toBe(before.digest);
          } finally {
            await restored.close();
          }
          expect(filesOf(targetDir)).toEqual(filesOf(dataDir));

          // The restored database is no longer empty.
          await expect(
            restoreBackup({ file: archive, dataDir: tempDir(), databaseUrl: targetUrl }),
          ).rejects.toThrow(/PostgreSQL database of DATABASE_URL has tables/);
        } finally {
          await source.close();
        }
      } finally {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});

describe('migrations of a restored backup', () => {
  it('loads a backup into the schema of its own migrations, and refuses unknown ones', () => {
    const all = knownMigrations();
    const partial = migrationsUpTo(2, all[1]!.tag);
    try {
      const journal = JSON.parse(
        fs.readFileSync(path.join(partial.folder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      expect(journal.entries.map((entry) => entry.tag)).toEqual([all[0]!.tag, all[1]!.tag]);
      expect(fs.readdirSync(partial.folder).filter((name) => name.endsWith('.sql'))).toHaveLength(
        2,
      );
    } finally {
      partial.remove();
    }
    expect(() => migrationsUpTo(all.length + 1, 'later')).toThrow(/newer version of Sala/);
    expect(() => migrationsUpTo(2, 'another_branch')).toThrow(/other migrations/);
  });
});
