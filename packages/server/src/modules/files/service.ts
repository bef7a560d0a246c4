import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  hasAnyPermission,
  imageMimeTypes,
  type FilePurpose,
  type StoredFile,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';

type FileRow = typeof files.$inferSelect;
type ImageMime = (typeof imageMimeTypes)[number];

export function describeFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    purpose: row.purpose,
    mimeType: row.mimeType as ImageMime,
    size: row.size,
    url: `/api/files/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Keeps an uploaded image: its type is read from its first bytes (never from the name or the
 * client's content type), its bytes go to the storage, its record and audit row to the database.
 */
export async function storeImage(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  purpose: FilePurpose,
  data: Buffer,
): Promise<StoredFile> {
  if (data.length === 0) throw new HttpError(400, 'FILE_REQUIRED');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !(imageMimeTypes as readonly string[]).includes(sniffed.mime)) {
    throw new HttpError(415, 'FILE_TYPE_NOT_ALLOWED');
  }
  const id = crypto.randomUUID();
  const storageKey = `${actor.schoolId}/${id}`;
  await storage.put(storageKey, data);
  try {
    return await db.transaction(async (tx) => {
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
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
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
