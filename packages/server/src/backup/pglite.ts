import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, pgliteSettings } from '../db/client.js';
import type { Manifest } from './manifest.js';
import { migrationLevel, migrationsUpTo, NEWEST_MIGRATION_SQL, quoteIdent } from './migrations.js';

/**
 * The embedded database is backed up as a logical dump: one `COPY … TO` per table of the public
 * schema in a single read-only transaction, plus the sequences' positions. The schema itself is
 * not dumped: it is what the recorded migrations make, so a restore migrates a new database to
 * the backup's level, loads the rows and then runs this version's newer migrations. A copy of
 * PGlite's data folder (dumpDataDir) would be smaller to code but can only be opened by a PGlite
 * of the same PostgreSQL major version (files of PostgreSQL 17 and 18 are not compatible), so a
 * backup would not survive an upgrade of PGlite.
 */

export interface PgliteDump {
  serverVersion: string;
  migration: { count: number; tag: string | null };
  tables: { name: string; columns: string[]; rows: number; file: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

/** 2,048 pages of 8 KB: at most ~16 MB of a table's rows in memory at once. */
const PAGES_PER_COPY = 2048;
/** The size of the pieces a table's rows are loaded in. */
const LOAD_CHUNK_BYTES = 16 * 1024 * 1024;

/**
 * A COPY text file in pieces of whole rows: each row ends with a newline (newlines inside values
 * are written as `\n`), so a piece cut after a newline is a valid COPY input of its own.
 */
function* copyChunks(file: string): Generator<Buffer> {
  const handle = fs.openSync(file, 'r');
  try {
    let carry = Buffer.alloc(0);
    for (;;) {
      const buffer = Buffer.alloc(LOAD_CHUNK_BYTES);
      const read = fs.readSync(handle, buffer, 0, buffer.length, null);
      const data = Buffer.concat([carry, buffer.subarray(0, read)]);
      if (read === 0) {
        if (data.length > 0) yield data;
        return;
      }
      const end = data.lastIndexOf(0x0a);
      if (end === -1) {
        carry = data;
        continue;
      }
      yield data.subarray(0, end + 1);
      carry = Buffer.from(data.subarray(end + 1));
    }
  } finally {
    fs.closeSync(handle);
  }
}

/** PGlite's start parameters as the server uses them. */
export function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(pgliteSettings()).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/** Whether `dir` holds a PGlite data folder. */
export function isPgliteDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Writes every table's rows into `workDir` (one file each) within one transaction. PGlite has a
 * single connection: requests wait for the transaction, which only copies rows to files; the
 * compression and archiving happen after it.
 */
export async function dumpPglite(client: PGlite, workDir: string): Promise<PgliteDump> {
  return client.transaction(async (tx) => {
    await tx.exec('set transaction read only');
    const version = await tx.query<{ version: string }>('select version()');
    const newest = await tx.query<{ newest: string | null }>(NEWEST_MIGRATION_SQL);
    const columns = await tx.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t
           on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const row of columns.rows) {
      const list = byTable.get(row.table_name) ?? [];
      list.push(row.column_name);
      byTable.set(row.table_name, list);
    }
    const tables: PgliteDump['tables'] = [];
    let index = 0;
    for (const [name, cols] of byTable) {
      const file = path.join(workDir, `${String(index++).padStart(3, '0')}.copy`);
      const pages = await tx.query<{ pages: number }>(
        `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`,
        [quoteIdent(name)],
      );
      const columnList = cols.map(quoteIdent).join(', ');
      // A large table is copied a range of its pages at a time (same transaction, same
      // snapshot): the process holds one range's rows in memory, not the whole table's.
      const handle = fs.openSync(file, 'wx', 0o600);
      let rows = 0;
      try {
        const total = pages.rows[0]!.pages;
        for (let first = 0; first === 0 || first < total; first += PAGES_PER_COPY) {
          const range =
            total <= PAGES_PER_COPY
              ? ''
              : ` where ctid >= '(${first},0)'::tid` +
                (first + PAGES_PER_COPY < total
                  ? ` and ctid < '(${first + PAGES_PER_COPY},0)'::tid`
                  : '');
          const result = await tx.query(
            range
              ? `copy (select ${columnList} from ${quoteIdent(name)}${range}) to '/dev/blob'`
              : `copy ${quoteIdent(name)} (${columnList}) to '/dev/blob'`,
          );
          rows += result.affectedRows ?? 0;
          // An empty table (or range) gives no blob.
          if (result.blob) fs.writeSync(handle, Buffer.from(await result.blob.arrayBuffer()));
          if (!range) break;
        }
      } finally {
        fs.closeSync(handle);
      }
      tables.push({ name, columns: cols, rows, file });
    }
    const sequenceNames = await tx.query<{ name: string }>(
      `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name
         from information_schema.sequences where sequence_schema = 'public' order by 1`,
    );
    const sequences: PgliteDump['sequences'] = [];
    for (const { name } of sequenceNames.rows) {
      const position = await tx.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${name}`,
      );
      sequences.push({
        name,
        lastValue: position.rows[0]!.last_value,
        isCalled: position.rows[0]!.is_called,
      });
    }
    const newestAt = newest.rows[0]?.newest;
    return {
      serverVersion: version.rows[0]!.version,
      migration: migrationLevel(newestAt == null ? undefined : Number(newestAt)),
      tables,
      sequences,
    };
  });
}

/**
 * Creates a new embedded database in `dir` from a dump: migrated to the backup's level, the rows
 * loaded (foreign keys not checked row by row: the rows come from one consistent snapshot), each
 * table's row count checked, then this version's newer migrations applied.
 */
export async function restorePglite(
  dir: string,
  manifest: Manifest,
  entryFile: (entry: string) => string,
): Promise<void> {
  const dump = manifest.database.pglite;
  if (!dump) throw new Error('The backup has no embedded database dump');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { startParams: pgliteStartParams() });
  const { migration } = manifest.database;
  const partial = migrationsUpTo(migration.count, migration.tag);
  try {
    const database = await openDatabase({ pglite: client, migrate: false });
    await migrate(database.db as Parameters<typeof migrate>[0], {
      migrationsFolder: partial.folder,
    });
    await client.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      const present = await tx.query<{ name: string }>(
        `select quote_ident(table_name) as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      // Rows a migration may have added are replaced by the backup's.
      if (present.rows.length > 0) {
        await tx.exec(`truncate ${present.rows.map((row) => row.name).join(', ')}`);
      }
      for (const table of dump.tables) {
        const expected = manifest.database.tables[table.name] ?? 0;
        let loaded = 0;
        for (const chunk of copyChunks(entryFile(table.entry))) {
          const result = await tx.query(
            `copy ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) ` +
              `from '/dev/blob'`,
            [],
            { blob: new Blob([chunk]) },
          );
          loaded += result.affectedRows ?? 0;
        }
        if (loaded !== expected) {
          throw new Error(
            `Table ${table.name}: ${loaded} rows loaded where the backup recorded ${expected}`,
          );
        }
      }
      for (const sequence of dump.sequences) {
        await tx.query('select setval($1::regclass, $2::bigint, $3)', [
          sequence.name,
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
    });
    await migrate(database.db as Parameters<typeof migrate>[0], {
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    partial.remove();
    await client.close();
  }
}
