import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The database as every service sees it: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/** The folder of SQL migrations, found from the source tree or from the built bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

export interface OpenOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined = in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** An open PGlite instance to use (tests clone a migrated template). */
  pglite?: PGlite;
  /** Apply pending migrations (default); off in a worker whose primary has migrated. */
  migrate?: boolean;
}

/**
 * PostgreSQL settings of the embedded database, added to PGlite's own start parameters. PGlite
 * runs PostgreSQL inside a WebAssembly memory that grows and never shrinks, and PostgreSQL's
 * default of 128 MB of shared buffers (sized for a database server of its own) ends up as most of
 * the server's memory once the pages of a large school have been read. Those buffers are only a
 * cache over the operating system's: a page not in them is copied from the page cache, not read
 * from the disk. One connection only, so few connection slots. SALA_PGLITE_SHARED_BUFFERS
 * (e.g. `64MB`) sets another size of buffers. A commit writes its WAL to the file before it is
 * answered (synchronous_commit): PGlite has no WAL writer, so without it a commit would wait in
 * the WebAssembly memory and a killed server would lose writes it had acknowledged
 * (test/crash-safety.test.ts shows it). PGlite does not fsync (`-F`): a write survives the
 * process, not the machine losing power.
 */
export function pgliteSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    shared_buffers: env.SALA_PGLITE_SHARED_BUFFERS?.trim() || '16MB',
    max_connections: '5',
    synchronous_commit: 'on',
  };
}

function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(pgliteSettings()).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // A connection the server closes while idle (a restart, a failover) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    if (options.migrate !== false) await migratePg(db, { migrationsFolder: folder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client =
    options.pglite ?? (await PGlite.create(options.dataDir, { startParams: pgliteStartParams() }));
  const db = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder: folder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** The advisory lock that lets one server process at a time migrate and set up the database. */
const STARTUP_LOCK = 0x5a1a_0001;

/**
 * Runs `work` (migrations, the first school) while no other server process starting against the
 * same PostgreSQL runs its own: several processes started at once on an empty database migrate
 * it once and create one first school. The lock is held by a transaction on its own connection
 * (not a session lock), so it also works through a transaction-pooling PgBouncer.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('commit').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
