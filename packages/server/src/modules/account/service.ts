import { and, eq } from 'drizzle-orm';
import type { SessionUser, UpdateProfileRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { schools, users } from '../../db/schema.js';
import { auditable, writeAudit, type Actor } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-errors.js';
import { assertPasswordAcceptable } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { toE164 } from '../../lib/phone.js';
import type { FileStorage } from '../../lib/storage.js';
import { loadSessionUser, revokeUserSessions, schoolSettings } from '../auth/sessions.js';
import { attachFile, transactionReleasingFiles } from '../files/attachments.js';

async function ownRow(db: Db, actor: Actor & { userId: string }) {
  const [row] = await db
    .select({ user: users, school: schools })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, actor.userId)));
  if (!row) throw new HttpError(404, 'PROFILE_NOT_FOUND');
  return row;
}

/**
 * The signed-in user changes their own names, phone, gender, language or avatar (an image they
 * uploaded as one); the avatar it replaces is removed.
 */
export async function updateProfile(
  db: Db,
  actor: Actor & { userId: string },
  input: UpdateProfileRequest,
  storage: FileStorage,
): Promise<SessionUser> {
  const { user: before, school } = await ownRow(db, actor);
  let phone: string | null | undefined;
  if (input.phone !== undefined) {
    phone =
      input.phone === null ? null : toE164(input.phone, schoolSettings(school).defaultPhoneCountry);
    if (phone === undefined)
      throw new HttpError(400, 'INVALID_PHONE', { phone: ['INVALID_PHONE'] });
  }
  const changes = {
    ...(input.nameKm !== undefined ? { nameKm: input.nameKm } : {}),
    ...(input.nameEn !== undefined ? { nameEn: input.nameEn } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    ...(input.digits !== undefined ? { digits: input.digits } : {}),
    ...(input.avatarFileId !== undefined ? { avatarFileId: input.avatarFileId } : {}),
  };
  if (Object.keys(changes).length > 0) {
    try {
      await transactionReleasingFiles(db, storage, async (tx, release) => {
        // The avatar as it is now, locked: two changes at once each remove the one they replace.
        const [current] = await tx
          .select({ avatarFileId: users.avatarFileId })
          .from(users)
          .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, actor.userId)))
          .for('update');
        const replaced = current?.avatarFileId ?? null;
        if (input.avatarFileId && input.avatarFileId !== replaced) {
          const own = { purpose: 'avatar' as const, uploadedBy: actor.userId };
          if (!(await attachFile(tx, actor.schoolId, input.avatarFileId, own))) {
            throw new HttpError(400, 'VALIDATION_ERROR', { avatarFileId: ['NOT_FOUND'] });
          }
        }
        const [after] = await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, actor.userId)))
          .returning();
        await writeAudit(tx, actor, {
          action: 'profile.update',
          entity: 'user',
          entityId: actor.userId,
          before: auditable(before),
          after: auditable(after),
        });
        if (after && after.avatarFileId !== replaced) await release(actor, [replaced]);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, 'ACCOUNT_EXISTS', { phone: ['ACCOUNT_EXISTS'] });
      throw error;
    }
  }
  const user = await loadSessionUser(db, actor.schoolId, actor.userId);
  if (!user) throw new HttpError(404, 'PROFILE_NOT_FOUND');
  return user;
}

/**
 * The signed-in user changes their password, proving the old one. Every other device is
 * signed out; this one stays signed in. A temporary password no longer has to be changed.
 */
export async function changePassword(
  db: Db,
  actor: Actor & { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<number> {
  const { user, school } = await ownRow(db, actor);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new HttpError(400, 'WRONG_PASSWORD', { currentPassword: ['WRONG_PASSWORD'] });
  }
  assertPasswordAcceptable(input.newPassword, 'newPassword', {
    username: user.username,
    schoolCode: school.code,
    email: user.email,
  });
  if (await verifyPassword(user.passwordHash, input.newPassword)) {
    throw new HttpError(400, 'PASSWORD_SAME_AS_CURRENT', {
      newPassword: ['PASSWORD_SAME_AS_CURRENT'],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        passwordChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, actor.userId)));
    const signedOut = await revokeUserSessions(tx, actor.schoolId, actor.userId, actor.sessionId);
    await writeAudit(tx, actor, {
      action: 'profile.password',
      entity: 'user',
      entityId: actor.userId,
      after: { otherSessionsSignedOut: signedOut },
    });
    return signedOut;
  });
}

/**
 * Signs out every device of the signed-in user but this one (a phone left in the staff room, a
 * shared computer), and answers how many there were.
 */
export async function signOutOtherDevices(
  db: Db,
  actor: Actor & { userId: string; sessionId: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const signedOut = await revokeUserSessions(tx, actor.schoolId, actor.userId, actor.sessionId);
    await writeAudit(tx, actor, {
      action: 'session.revoke_others',
      entity: 'user',
      entityId: actor.userId,
      after: { otherSessionsSignedOut: signedOut },
    });
    return signedOut;
  });
}
