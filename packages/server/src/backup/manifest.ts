import { z } from 'zod';

/** The archive's table of contents, its last entry. */
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_FORMAT = 'sala-backup';
export const MANIFEST_VERSION = 1;

const entrySchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const pgliteTableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  /** The archive entry holding the table's rows in COPY text format. */
  entry: z.string().min(1),
});

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  formatVersion: z.literal(MANIFEST_VERSION),
  createdAt: z.string().min(1),
  appVersion: z.string().min(1),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `select version()` of the database backed up. */
    serverVersion: z.string(),
    /** How many migrations were applied, and the last one's name. */
    migration: z.object({ count: z.number().int().nonnegative(), tag: z.string().nullable() }),
    /** Rows per table of the public schema when the backup was made. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
    /** Embedded database: a logical dump, one COPY per table, plus the sequences' positions. */
    pglite: z
      .object({
        tables: z.array(pgliteTableSchema),
        sequences: z.array(
          z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() }),
        ),
      })
      .optional(),
    /** PostgreSQL: a pg_dump custom-format archive. */
    postgres: z.object({ entry: z.string().min(1), pgDumpVersion: z.string() }).optional(),
  }),
  /** Key files of the data folder in the archive, and keys that came from the environment. */
  keys: z.object({
    files: z.array(z.string()),
    fromEnvironment: z.array(z.string()),
  }),
  uploads: z.number().int().nonnegative(),
  entries: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
