import { spawn } from 'node:child_process';
import pg from 'pg';
import { migrationLevel, NEWEST_MIGRATION_SQL, quoteIdent } from './migrations.js';

/**
 * PostgreSQL is backed up with its own tools: `pg_dump -Fc` in a snapshot exported by a
 * read-only transaction (so the row counts of the manifest are those of the dump, while the
 * server keeps serving), restored with `pg_restore --clean --if-exists`.
 */

/** A connection string without its password, and the password for PGPASSWORD: never in argv. */
function connectionForTools(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new Error(
            `${command} was not found. Install the PostgreSQL client tools (on Debian or Ubuntu: ` +
              'apt-get install postgresql-client) of the same major version as the server or newer.',
          ),
        );
      } else reject(error);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The major version and full version string of a PostgreSQL client tool. */
export async function toolVersion(command: 'pg_dump' | 'pg_restore'): Promise<{
  major: number;
  version: string;
}> {
  const result = await run(command, ['--version']);
  const match = /(\d+)(?:\.(\d+))?/.exec(result.stdout);
  if (result.code !== 0 || !match) {
    throw new Error(`${command} --version failed: ${result.stderr.trim() || result.stdout.trim()}`);
  }
  return { major: Number(match[1]), version: match[0] };
}

/** Rows per table of the public schema, in the connection's snapshot. */
async function countRows(client: pg.Client | pg.PoolClient): Promise<Record<string, number>> {
  const tables = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  if (tables.rows.length === 0) return counts;
  const union = tables.rows
    .map(
      ({ table_name: name }) =>
        `select ${pg.escapeLiteral(name)} as name, count(*)::bigint as rows from public.${quoteIdent(name)}`,
    )
    .join(' union all ');
  const result = await client.query<{ name: string; rows: string }>(union);
  for (const row of result.rows) counts[row.name] = Number(row.rows);
  return counts;
}

export interface PostgresDump {
  serverVersion: string;
  pgDumpVersion: string;
  migration: { count: number; tag: string | null };
  tables: Record<string, number>;
}

/** Dumps the database of `databaseUrl` into `file` (custom format). */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<PostgresDump> {
  const tool = await toolVersion('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const server = await client.query<{ server_version_num: string; version: string }>(
      `select current_setting('server_version_num') as server_version_num, version() as version`,
    );
    const serverMajor = Math.floor(Number(server.rows[0]!.server_version_num) / 10000);
    if (tool.major < serverMajor) {
      throw new Error(
        `pg_dump ${tool.version} cannot dump a PostgreSQL ${serverMajor} server: install the ` +
          `PostgreSQL ${serverMajor} client tools (postgresql-client-${serverMajor}) or newer.`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const tables = await countRows(client);
    const newest = await client.query<{ newest: string | null }>(NEWEST_MIGRATION_SQL);
    const { dbname, env } = connectionForTools(databaseUrl);
    const result = await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-password',
        `--snapshot=${snapshot.rows[0]!.id}`,
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    if (result.code !== 0) throw new Error(`pg_dump failed: ${result.stderr.trim()}`);
    const newestAt = newest.rows[0]?.newest;
    return {
      serverVersion: server.rows[0]!.version,
      pgDumpVersion: tool.version,
      migration: migrationLevel(newestAt == null ? undefined : Number(newestAt)),
      tables,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether the database holds any table or sequence outside PostgreSQL's own schemas. */
export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'S', 'v', 'm')
          and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    );
    return Number(result.rows[0]!.count) === 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Loads a pg_dump archive into the database of `databaseUrl` in one transaction (objects of the
 * same names are dropped first), then checks every table's row count against the backup's.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  pgDumpVersion: string,
  expected: Record<string, number>,
): Promise<void> {
  const tool = await toolVersion('pg_restore');
  const dumpMajor = Number(/^(\d+)/.exec(pgDumpVersion)?.[1] ?? 0);
  if (tool.major < dumpMajor) {
    throw new Error(
      `pg_restore ${tool.version} cannot read a dump of pg_dump ${pgDumpVersion}: install the ` +
        `PostgreSQL ${dumpMajor} client tools (postgresql-client-${dumpMajor}) or newer.`,
    );
  }
  const { dbname, env } = connectionForTools(databaseUrl);
  const result = await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  if (result.code !== 0) throw new Error(`pg_restore failed: ${result.stderr.trim()}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const counts = await countRows(client);
    for (const [table, rows] of Object.entries(expected)) {
      if (counts[table] !== rows) {
        throw new Error(
          `Table ${table}: ${counts[table] ?? 'no'} rows restored where the backup recorded ${rows}`,
        );
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
