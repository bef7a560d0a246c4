import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * A journal of every row written, for a test database: a row-level trigger on each table named
 * counts its inserted, updated and deleted rows in `fuzz_writes`, in the writing transaction (a
 * write rolled back is not counted). Reading the journal costs one small query, where counting
 * or checksumming every table after every request would cost more than the request itself; and
 * it sees what a row count misses (a row changed in place) and names the table written.
 */
export async function installWriteJournal(
  db: Db,
  tables: readonly string[],
  /** Tables whose rows are updated in the background (their inserts and deletes still count). */
  updatedInBackground: readonly string[] = [],
): Promise<void> {
  await db.execute(
    sql.raw(`create table fuzz_writes (tab text primary key, n bigint not null default 0)`),
  );
  await db.execute(
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_writes (tab, n) values (TG_TABLE_NAME, 1)
          on conflict (tab) do update set n = fuzz_writes.n + 1;
        return null;
      end $$`),
  );
  for (const table of tables) {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`unexpected table name ${table}`);
    await db.execute(
      sql.raw(
        `create trigger fuzz_write after insert or ${updatedInBackground.includes(table) ? '' : 'update or '}delete on ${table} for each row execute function fuzz_count_write()`,
      ),
    );
  }
}

/**
 * The journal as a query, for `tablesChecksum` beside the tables it checks (one round trip): its
 * rows change with any write to a journaled table but those of the tables left out.
 */
export function journalOf(leftOut: Iterable<string>): string {
  const names = [...leftOut].map((table) => {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`unexpected table name ${table}`);
    return `'${table}'`;
  });
  return names.length === 0
    ? '(select tab, n from fuzz_writes)'
    : `(select tab, n from fuzz_writes where tab not in (${names.join(', ')}))`;
}
