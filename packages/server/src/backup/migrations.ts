import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../db/client.js';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

interface Journal {
  entries: JournalEntry[];
}

function readJournal(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** This version's migrations, oldest first. */
export function knownMigrations(): JournalEntry[] {
  return readJournal(migrationsFolder()).entries;
}

/**
 * How far a database is migrated, from drizzle's record of applied migrations (the `when` of the
 * newest one, as drizzle itself decides what is pending).
 */
export function migrationLevel(newestAppliedAt: number | undefined): {
  count: number;
  tag: string | null;
} {
  if (newestAppliedAt === undefined) return { count: 0, tag: null };
  const entries = knownMigrations();
  const applied = entries.filter((entry) => entry.when <= newestAppliedAt);
  const newest = applied.at(-1);
  return { count: applied.length, tag: newest?.tag ?? `unknown migration of ${newestAppliedAt}` };
}

/** The SQL that reads the newest applied migration's time (null before the first migration). */
export const NEWEST_MIGRATION_SQL = `select case when to_regclass('drizzle.__drizzle_migrations') is null then null
  else (select max(created_at)::text from drizzle.__drizzle_migrations) end as newest`;

/**
 * A migrations folder holding this version's first `count` migrations, for a backup to be
 * loaded into the schema it was taken from before the newer migrations run. Refuses a backup
 * migrated further than this version knows, or along other migrations.
 */
export function migrationsUpTo(
  count: number,
  tag: string | null,
): { folder: string; remove(): void } {
  const source = migrationsFolder();
  const entries = readJournal(source).entries;
  if (count > entries.length) {
    throw new Error(
      `The backup was made by a newer version of Sala (its database has ${count} migrations, ` +
        `this version knows ${entries.length}). Restore it with that version or a later one.`,
    );
  }
  if (count > 0 && entries[count - 1]!.tag !== tag) {
    throw new Error(
      `The backup's database was migrated along other migrations than this version's ` +
        `(${tag ?? 'none'} where this version has ${entries[count - 1]!.tag}).`,
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = { ...readJournal(source), entries: entries.slice(0, count) };
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** An SQL identifier, quoted. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
