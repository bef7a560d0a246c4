import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../lib/audit.js';
import { familyNames, femaleNames, maleNames } from '../names.js';

/**
 * The SQL pieces the generator's steps are written with: seeded draws that are the same on
 * every run, picks from lists, people's names, and reading rows.
 */

/**
 * A number in [0, 1) from the hash of the seed, a stream (what it is drawn for) and the row's
 * numbers: the same on every run and on PGlite and PostgreSQL, whatever order rows come in.
 */
export function draw(seed: number, stream: number, ...keys: SQL[]): SQL {
  let hash = sql`hashint8extended(${stream}::int8, ${seed}::int8)`;
  for (const key of keys) hash = sql`hashint8extended((${key})::int8, ${hash})`;
  return sql`((${hash} & 2147483647)::float8 / 2147483648.0)`;
}

/**
 * The 64-bit hash of the seed, a stream and one key (a constant folded once per query, then one
 * hash a row); `lowDraw` and `highDraw` read two independent numbers in [0, 1) from it.
 */
export const hash = (seed: number, stream: number, key: SQL): SQL =>
  sql`hashint8extended((${key})::int8, hashint8extended(${stream}::int8, ${seed}::int8))`;
export const lowDraw = (h: SQL): SQL => sql`((${h} & 2147483647)::float8 / 2147483648.0)`;
export const highDraw = (h: SQL): SQL => sql`(((${h} >> 32) & 2147483647)::float8 / 2147483648.0)`;

/** A text[] literal of `items`. */
export const textArray = (items: readonly string[]): SQL =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}::text`),
    sql`, `,
  )}]`;

/** `items[1 + floor(r × n)]` in SQL, `r` a draw. */
export const pick = (items: readonly string[], r: SQL): SQL =>
  sql`(${textArray(items)})[1 + floor(${r} * ${items.length}::int)::int]`;

export const rowsOf = async <T>(tx: Tx, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** A draw for one school: its seed, a stream and the row's numbers. */
export type Draw = (stream: number, ...keys: SQL[]) => SQL;

/** The draws of a school whose seed is `seed`. */
export const drawsOf =
  (seed: number): Draw =>
  (stream, ...keys) =>
    draw(seed, stream, ...keys);

/** A given name for `gender` (female or male) in Khmer (0) or English (1). */
export const givenName = (r: Draw, gender: SQL, stream: number, key: SQL, lang: 0 | 1) =>
  sql`case when ${gender} = 'female' then ${pick(
    femaleNames.map((n) => n[lang]),
    r(stream, key),
  )} else ${pick(
    maleNames.map((n) => n[lang]),
    r(stream, key),
  )} end`;

/** A family name in Khmer (0) or English (1). */
export const familyName = (r: Draw, stream: number, key: SQL, lang: 0 | 1) =>
  pick(
    familyNames.map((n) => n[lang]),
    r(stream, key),
  );
