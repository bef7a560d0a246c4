// Small helpers shared by the benchmarks: calling the API, refusing a used database, percentiles.
import pg from 'pg';

/** One API call; the answer's status and text. A string body is sent as is. */
export async function call(base, method, url, { token, body } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** One API call that must succeed (2xx); its JSON answer. */
export async function json(base, method, url, options) {
  const { status, text } = await call(base, method, url, options);
  if (status < 200 || status > 299) {
    throw new Error(`${method} ${url} answered ${status}: ${text.slice(0, 500)}`);
  }
  return JSON.parse(text);
}

/**
 * Refuses a PostgreSQL database that already holds tables: a benchmark fills the one it is
 * given and must not mix its school into anything else.
 */
export async function assertEmptyDatabase(databaseUrl, suggestedName) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0].count > 0) {
      throw new Error(
        `DATABASE_URL must name an empty database (e.g. createdb ${suggestedName}): the benchmark fills it with a generated school`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Nearest-rank percentile of a sorted array. */
export const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
export const sortedOf = (list) => [...list].sort((a, b) => a - b);
