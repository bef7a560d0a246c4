import { sql } from 'drizzle-orm';
import type { Tx } from '../../lib/audit.js';
import { rowsOf } from './sql.js';
import type { GenerateOptions } from './types.js';

/**
 * Runs `fill` with the secondary indexes of `tables` dropped, then builds them again from their
 * own definitions: one sorted build instead of a random insert per row. In the caller's
 * transaction, so nobody sees the tables without them, and a failure leaves them as they were.
 */
export async function withoutIndexes<T>(
  tx: Tx,
  tables: string[],
  fill: () => Promise<T>,
  progress?: GenerateOptions['progress'],
): Promise<T> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema()
          and i.tablename in (${sql.join(
            tables.map((t) => sql`${t}`),
            sql`, `,
          )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by i.indexname`,
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  const result = await fill();
  const started = performance.now();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  progress?.(`indexes of ${tables.join(', ')}`, (performance.now() - started) / 1000);
  return result;
}
