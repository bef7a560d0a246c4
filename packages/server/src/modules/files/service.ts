import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  endpoints,
  fillPath,
  hasAnyPermission,
  imageMimeTypes,
  type FilePurpose,
  type StoredFile,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { auditLog, files } from '../../db/schema.js';
import { auditable, writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { unreferenced, removeStored } from './attachments.js';

type FileRow = typeof files.$inferSelect;
type ImageMime = (typeof imageMimeTypes)[number];

/** How much a school and each of its accounts may upload, and how long an unused upload is kept. */
export interface UploadLimits {
  /** Bytes the files an account uploaded (and that are still kept) may take in all. */
  userBytes: number;
  /** Bytes the files of a school may take in all. */
  schoolBytes: number;
  /** Uploads an account may make per minute. */
  userPerMinute: number;
  /** Uploads the accounts of a school may make per minute together. */
  schoolPerMinute: number;
  /** How long an upload never set on a record is kept before the sweep removes it. */
  orphanGraceMs: number;
}

const MB = 1024 * 1024;

/**
 * The limits by default. The app sends images cropped to 600 pixels (tens of kilobytes), so an
 * account's 200 MB holds thousands of photos and a school's 2 GB a photo of every student and
 * member of staff many times over.
 */
export const defaultUploadLimits: UploadLimits = {
  userBytes: 200 * MB,
  schoolBytes: 2048 * MB,
  userPerMinute: 30,
  schoolPerMinute: 120,
  orphanGraceMs: 24 * 60 * 60 * 1000,
};

export function describeFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    purpose: row.purpose,
    mimeType: row.mimeType as ImageMime,
    size: row.size,
    url: fillPath(endpoints.getFile.path, { id: row.id }),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Keeps an uploaded image: its type is read from its first bytes (never from the name or the
 * client's content type), its bytes go to the storage, its record and audit row to the database.
 * The bytes the uploader's files and the school's files already take are counted under a lock
 * of the school's uploads, so that uploads at the same time (in any server process) cannot pass
 * the quota together: over it, the upload is refused with 413 and nothing is kept.
 */
export async function storeImage(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  purpose: FilePurpose,
  data: Buffer,
  limits: Pick<UploadLimits, 'userBytes' | 'schoolBytes'> = defaultUploadLimits,
): Promise<StoredFile> {
  if (data.length === 0) throw new HttpError(400, 'FILE_REQUIRED');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !(imageMimeTypes as readonly string[]).includes(sniffed.mime)) {
    throw new HttpError(415, 'FILE_TYPE_NOT_ALLOWED');
  }
  const id = crypto.randomUUID();
  const storageKey = `${actor.schoolId}/${id}`;
  let stored = false;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('files.usage'), hashtext(${actor.schoolId}))`,
      );
      const [usage] = await tx
        .select({
          school: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number),
          user: sql<number>`coalesce(sum(${files.size}) filter (where ${files.uploadedBy} = ${actor.userId}), 0)`.mapWith(
            Number,
          ),
        })
        .from(files)
        .where(eq(files.schoolId, actor.schoolId));
      if ((usage?.user ?? 0) + data.length > limits.userBytes) {
        throw new HttpError(413, 'UPLOAD_QUOTA_USER');
      }
      if ((usage?.school ?? 0) + data.length > limits.schoolBytes) {
        throw new HttpError(413, 'UPLOAD_QUOTA_SCHOOL');
      }
      stored = true;
      await storage.put(storageKey, data);
      const [row] = await tx
        .insert(files)
        .values({
          id,
          schoolId: actor.schoolId,
          uploadedBy: actor.userId,
          purpose,
          mimeType: sniffed.mime,
          size: data.length,
          sha256: crypto.createHash('sha256').update(data).digest('hex'),
          storageKey,
        })
        .returning();
      if (!row) throw new Error('could not record the file');
      await writeAudit(tx, actor, {
        action: 'file.upload',
        entity: 'file',
        entityId: id,
        after: row,
      });
      return describeFile(row);
    });
  } catch (error) {
    if (stored) await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Files removed by one statement of the sweep at most. */
const SWEEP_BATCH = 500;

/**
 * Removes the files no record refers to whose upload, or last setting on a record, is older than
 * the grace period: uploads never used, and any file a record stopped referring to without
 * removing it. Rows (with an audit row each, by Sala itself) go in one statement, then their
 * bytes. Several server processes may sweep at once: each statement takes the rows no other one
 * holds (skip locked), so each file is removed by one of them. A file being set on a record at
 * that moment is locked by that transaction and skipped, or has its new date by the time the
 * sweep locks it, and the sweep's condition, checked again on the locked row, leaves it. Answers
 * how many were removed.
 */
export async function sweepUnusedFiles(
  db: Db,
  storage: FileStorage,
  graceMs: number = defaultUploadLimits.orphanGraceMs,
): Promise<number> {
  const cutoff = new Date(Date.now() - graceMs);
  const stale = lt(sql`coalesce(${files.attachedAt}, ${files.createdAt})`, cutoff);
  let removed = 0;
  for (;;) {
    const doomed = db
      .select({ id: files.id })
      .from(files)
      .where(and(stale, unreferenced))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const gone = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(files)
        .where(and(inArray(files.id, doomed), stale))
        .returning();
      if (rows.length > 0) {
        await tx.insert(auditLog).values(
          rows.map((row) => ({
            schoolId: row.schoolId,
            actorId: null,
            requestId: null,
            action: 'file.sweep',
            entity: 'file',
            entityId: row.id,
            before: auditable(row),
          })),
        );
      }
      return rows;
    });
    await removeStored(
      storage,
      gone.map((row) => row.storageKey),
    );
    removed += gone.length;
    if (gone.length < SWEEP_BATCH) return removed;
  }
}

/**
 * A file of the caller's school and its bytes; 404 for any other school's file. Avatars and
 * the logo are for everyone signed in; a student's photo only for those who may see students.
 */
export async function readFile(
  db: Db,
  storage: FileStorage,
  caller: { schoolId: string; permissions: string[] },
  fileId: string,
) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.schoolId, caller.schoolId), eq(files.id, fileId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  if (
    row.purpose === 'student-photo' &&
    !hasAnyPermission(caller.permissions, ['students.read:own'])
  ) {
    throw new HttpError(403, 'FORBIDDEN');
  }
  const data = await storage.get(row.storageKey);
  if (!data) throw new HttpError(404, 'NOT_FOUND');
  return { row, data };
}
