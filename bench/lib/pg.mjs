// A scratch PostgreSQL database for one benchmark: made fresh, dropped after. The server it
// belongs to is BENCH_PG_URL (any database of it; default the local `postgres` database).
import pg from 'pg';

export const pgServerUrl = () =>
  process.env.BENCH_PG_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(fn) {
  const client = new pg.Client({ connectionString: pgServerUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Whether the PostgreSQL server of BENCH_PG_URL answers (a benchmark skips its rows if not). */
export async function pgReachable() {
  try {
    await admin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates an empty database named `<prefix>_<time>` on the BENCH_PG_URL server; its URL and a
 * `drop()` that removes it (after the connections to it have closed).
 */
export async function createScratchDatabase(prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`.replace(/[^a-z0-9_]/g, '_');
  await admin((client) => client.query(`create database "${name}"`));
  const url = new URL(pgServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin((client) => client.query(`drop database if exists "${name}" with (force)`)).catch(
        (error) => process.stderr.write(`  could not drop ${name}: ${error.message}\n`),
      ),
  };
}
