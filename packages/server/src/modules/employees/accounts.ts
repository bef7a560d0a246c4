import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  readsAsPhoneNumber,
  type CreateStaffAccountsResponse,
  type CreatedStaffAccount,
  type StaffAccountPreview,
  type StaffAccountProblem,
  type UsernameRule,
  type createStaffAccountsRequestSchema,
  type staffAccountsPreviewRequestSchema,
} from '@sala/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { employees, roles, schools, userRoles, users } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-errors.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { assertCanGrant, type Grantor } from '../privileges/grants.js';
import { assertRolesOfSchool, getUser } from '../users/accounts.js';

type EmployeeRow = typeof employees.$inferSelect;
type PreviewInput = z.output<typeof staffAccountsPreviewRequestSchema>;
type CreateInput = z.output<typeof createStaffAccountsRequestSchema>;

/** The longest username base: room is left for a number that makes it unique. */
const BASE_MAX = 60;

/** Lower-case Latin letters and digits only (accents dropped), words joined by dots. */
function latinWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/** A staff code as a username: its letters and digits, other characters as dashes. */
function codeName(code: string): string {
  const name = code
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  // A code of digits only would read as a phone number, which signs in as one: not a username.
  return name.length < 3 || readsAsPhoneNumber(name) ? `staff.${name}` : name;
}

/**
 * The username a staff member's account starts from, by the school's rule: their Latin name
 * (`SOK Dara` → `sok.dara`), else their staff code. Never one that reads as a phone number or
 * an email address (those sign in as such).
 */
export function usernameBase(
  employee: { code: string; nameEn: string },
  rule: UsernameRule,
): string {
  const fromName = rule === 'latin_name' ? latinWords(employee.nameEn) : '';
  const base = fromName.length >= 3 ? fromName : codeName(employee.code);
  return base.slice(0, BASE_MAX).replace(/[-.]+$/g, '');
}

/** Gives each base a username no account has and no earlier one of the batch took. */
export function uniqueUsernames(bases: string[], taken: Set<string>): string[] {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  return bases.map((base) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base}${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Letters and digits that cannot be misread on paper (no i, l, o, 0 or 1). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A temporary password for a printed slip: twelve random characters (about 59 bits) of an
 * alphabet without look-alikes, in three groups (`k7mp-x4ra-9tbe`), easy to type on a phone.
 */
export function temporaryPassword(context: { username: string; schoolCode: string }): string {
  for (;;) {
    const chars = Array.from(
      { length: 12 },
      () => PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)]!,
    );
    const password = [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
    if (!passwordProblem(password, context)) return password;
  }
}

/** Why a staff member can have no new account, if they cannot. */
function problemOf(row: EmployeeRow): StaffAccountProblem | null {
  if (row.userId) return 'EMPLOYEE_HAS_ACCOUNT';
  if (row.workingStatus !== 'working') return 'EMPLOYEE_NOT_WORKING';
  return null;
}

/** The chosen staff records of the school, in the order asked; an id of nowhere is refused. */
async function chosenStaff(
  tx: Tx,
  schoolId: string,
  ids: string[],
  lock = false,
): Promise<EmployeeRow[]> {
  const query = tx
    .select()
    .from(employees)
    .where(and(eq(employees.schoolId, schoolId), inArray(employees.id, ids)))
    .orderBy(employees.id);
  const rows = lock ? await query.for('update') : await query;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.flatMap((id, index) => (byId.has(id) ? [] : [index]));
  if (missing.length > 0) {
    throw new HttpError(
      400,
      'INVALID_REFERENCE',
      Object.fromEntries(missing.map((index) => [`employeeIds.${index}`, ['INVALID_REFERENCE']])),
    );
  }
  return ids.map((id) => byId.get(id)!);
}

/** Every username of the school, lower-cased. */
async function takenUsernames(tx: Tx, schoolId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(eq(users.schoolId, schoolId));
  return new Set(rows.map((row) => row.name));
}

/**
 * What accounts for these staff members would be: the username each would get by the rule, or
 * why they get none (an account already, or no longer working). Nothing is written.
 */
export async function previewStaffAccounts(
  db: Db,
  schoolId: string,
  input: PreviewInput,
): Promise<StaffAccountPreview[]> {
  const rows = await chosenStaff(db, schoolId, input.employeeIds);
  const existing = rows.flatMap((row) => (row.userId ? [row.userId] : []));
  const [taken, holders] = await Promise.all([
    takenUsernames(db, schoolId),
    existing.length === 0
      ? []
      : db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(and(eq(users.schoolId, schoolId), inArray(users.id, existing))),
  ]);
  const eligible = rows.filter((row) => !problemOf(row));
  const names = uniqueUsernames(
    eligible.map((row) => usernameBase(row, input.usernameRule)),
    taken,
  );
  const proposed = new Map(eligible.map((row, index) => [row.id, names[index]!]));
  return rows.map((row) => ({
    employeeId: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    username: proposed.get(row.id) ?? null,
    problem: problemOf(row),
    existingUsername: holders.find((holder) => holder.id === row.userId)?.username ?? null,
  }));
}

/** Refuses the batch when a staff member cannot have an account, naming each one. */
function assertEligible(rows: EmployeeRow[]): void {
  const refused = rows.flatMap((row, index) => {
    const problem = problemOf(row);
    return problem ? [[`accounts.${index}.employeeId`, problem] as const] : [];
  });
  if (refused.length === 0) return;
  throw new HttpError(
    409,
    refused[0]![1],
    Object.fromEntries(refused.map(([key, problem]) => [key, [problem]])),
  );
}

/** Refuses usernames another account has, or that the batch gives twice. */
function assertUsernamesFree(usernames: string[], taken: Set<string>): void {
  const seen = new Set<string>();
  const clashes = usernames.flatMap((name, index) => {
    const lower = name.toLowerCase();
    const clash = taken.has(lower) || seen.has(lower);
    seen.add(lower);
    return clash ? [index] : [];
  });
  if (clashes.length === 0) return;
  throw new HttpError(
    409,
    'ACCOUNT_EXISTS',
    Object.fromEntries(clashes.map((index) => [`accounts.${index}.username`, ['ACCOUNT_EXISTS']])),
  );
}

/**
 * Accounts for many staff members at once, in one transaction: each gets the username asked
 * for, the chosen role, a random temporary password they must change at their first sign-in,
 * and is linked to their staff record. The caller must be allowed to give the role (nobody
 * grants more than they hold). Staff who have an account already or no longer work are refused,
 * as is a username that is taken: then nothing is made. The temporary passwords are in the
 * answer only; the database keeps their hashes.
 */
export async function createStaffAccounts(
  db: Db,
  actor: Actor,
  grantor: Grantor,
  input: CreateInput,
): Promise<CreateStaffAccountsResponse> {
  await assertRolesOfSchool(db, actor.schoolId, [input.roleId]);
  await assertCanGrant(db, grantor, { roleIds: [input.roleId] });
  const [school] = await db.select().from(schools).where(eq(schools.id, actor.schoolId));
  if (!school) throw new HttpError(404, 'NOT_FOUND');
  const ids = input.accounts.map((account) => account.employeeId);
  const usernames = input.accounts.map((account) => account.username);

  // Checked before the slow part (hashing), and again under lock in the transaction.
  assertEligible(await chosenStaff(db, actor.schoolId, ids));
  assertUsernamesFree(usernames, await takenUsernames(db, actor.schoolId));
  const passwords = usernames.map((username) =>
    temporaryPassword({ username, schoolCode: school.code }),
  );
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));

  try {
    return await db.transaction(async (tx) => {
      const rows = await chosenStaff(tx, actor.schoolId, ids, true);
      assertEligible(rows);
      assertUsernamesFree(usernames, await takenUsernames(tx, actor.schoolId));
      const now = new Date();
      const created = await tx
        .insert(users)
        .values(
          rows.map((row, index) => ({
            schoolId: actor.schoolId,
            username: usernames[index]!,
            nameKm: row.nameKm,
            nameEn: row.nameEn,
            gender: row.gender,
            locale: input.locale,
            status: 'active' as const,
            passwordHash: hashes[index]!,
            mustChangePassword: true,
            passwordChangedAt: now,
          })),
        )
        .returning({ id: users.id, username: users.username });
      const userIdOf = new Map(created.map((user) => [user.username, user.id]));
      await tx.insert(userRoles).values(
        created.map((user) => ({
          schoolId: actor.schoolId,
          userId: user.id,
          roleId: input.roleId,
        })),
      );
      const accounts: CreatedStaffAccount[] = [];
      for (const [index, row] of rows.entries()) {
        const userId = userIdOf.get(usernames[index]!)!;
        await tx
          .update(employees)
          .set({ userId, version: sql`${employees.version} + 1`, updatedAt: now })
          .where(and(eq(employees.schoolId, actor.schoolId), eq(employees.id, row.id)));
        const user = await getUser(tx, actor.schoolId, userId);
        await writeAudit(tx, actor, {
          action: 'user.create',
          entity: 'user',
          entityId: userId,
          after: { ...user, employeeId: row.id, employeeCode: row.code },
        });
        await writeAudit(tx, actor, {
          action: 'employee.update',
          entity: 'employee',
          entityId: row.id,
          before: { userId: null },
          after: { userId, username: user.username },
        });
        accounts.push({
          employeeId: row.id,
          userId,
          code: row.code,
          nameKm: row.nameKm,
          nameEn: row.nameEn,
          username: user.username,
          temporaryPassword: passwords[index]!,
        });
      }
      const [role] = await tx
        .select({ id: roles.id, nameKm: roles.nameKm, nameEn: roles.nameEn })
        .from(roles)
        .where(and(eq(roles.schoolId, actor.schoolId), eq(roles.id, input.roleId)));
      return { accounts, role: role! };
    });
  } catch (error) {
    // Another batch took a name meanwhile (the unique index caught it): nothing was made.
    if (isUniqueViolation(error)) throw new HttpError(409, 'ACCOUNT_EXISTS');
    throw error;
  }
}
