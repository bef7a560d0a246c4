import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type FilePurpose } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { employees, files, schools, students, users } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';

// Attaching uploaded files to the records that use them, and releasing the ones a change lets go.

/** No record (an account, a school, a student, a member of staff) refers to the file. */
export const unreferenced: SQL = sql`not exists (select 1 from ${users} where ${users.avatarFileId} = ${files.id})
  and not exists (select 1 from ${schools} where ${schools.logoFileId} = ${files.id})
  and not exists (select 1 from ${students} where ${students.photoFileId} = ${files.id})
  and not exists (select 1 from ${employees} where ${employees.photoFileId} = ${files.id})`;

/**
 * Marks a file of the school as set on a record, in the transaction that sets it: the sweep of
 * unused uploads never takes it (the row's lock makes a sweep running at the same time wait and
 * see the new date). False when the school has no such file (of that purpose, by that uploader).
 */
export async function attachFile(
  tx: Tx,
  schoolId: string,
  fileId: string,
  only: { purpose?: FilePurpose; uploadedBy?: string } = {},
): Promise<boolean> {
  const rows = await tx
    .update(files)
    .set({ attachedAt: sql`now()` })
    .where(
      and(
        eq(files.schoolId, schoolId),
        eq(files.id, fileId),
        only.purpose ? eq(files.purpose, only.purpose) : undefined,
        only.uploadedBy ? eq(files.uploadedBy, only.uploadedBy) : undefined,
      ),
    )
    .returning({ id: files.id });
  return rows.length > 0;
}

/**
 * `attachFile` for a record's photo: any image of the school, refused with 400 INVALID_REFERENCE
 * on the field when the school has none with that id. Nothing to do without an id.
 */
export async function attachPhoto(
  tx: Tx,
  schoolId: string,
  fileId: string | null | undefined,
  field: string,
): Promise<void> {
  if (fileId && !(await attachFile(tx, schoolId, fileId))) {
    throw new HttpError(400, 'INVALID_REFERENCE', { [field]: ['INVALID_REFERENCE'] });
  }
}

/**
 * Removes, in the transaction, the files of those given that no record refers to any more (a
 * replaced avatar, logo or photo, or that of a deleted record), with an audit row each; answers
 * their storage keys, whose bytes are removed once the transaction committed. The rows are locked
 * first, so that a record setting one of them at the same time has committed (or not) before the
 * check, a statement of its own, looks for records that refer to them.
 */
export async function releaseFiles(
  tx: Tx,
  actor: Actor,
  ids: readonly (string | null | undefined)[],
): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return [];
  const inSchool = and(eq(files.schoolId, actor.schoolId), inArray(files.id, wanted));
  await tx.select({ id: files.id }).from(files).where(inSchool).for('update');
  const gone = await tx.delete(files).where(and(inSchool, unreferenced)).returning();
  for (const row of gone) {
    await writeAudit(tx, actor, {
      action: 'file.delete',
      entity: 'file',
      entityId: row.id,
      before: row,
    });
  }
  return gone.map((row) => row.storageKey);
}

/** Removes stored bytes whose rows are gone; bytes already missing are fine. */
export async function removeStored(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/**
 * Runs `work` in one transaction with a `release` (see `releaseFiles`) for the files it stops
 * referring to; their bytes are removed from the storage once the transaction committed.
 */
export async function transactionReleasingFiles<T>(
  db: Db,
  storage: FileStorage,
  work: (
    tx: Tx,
    release: (actor: Actor, ids: readonly (string | null | undefined)[]) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  const result = await db.transaction((tx) =>
    work(tx, async (actor, ids) => {
      keys.push(...(await releaseFiles(tx, actor, ids)));
    }),
  );
  await removeStored(storage, keys);
  return result;
}
