import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory. */
    pgliteTemplate?: string;
  }
}

/**
 * Migrates one PGlite before the server suite, for every test file to start from a copy of
 * it: creating and migrating a PGlite costs a test file seconds of CPU (initdb, then every
 * migration), loading a migrated data directory a fraction of that. On PostgreSQL
 * (TEST_DATABASE_URL) each test file creates and migrates its own database, which is quick.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
