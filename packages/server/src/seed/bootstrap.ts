import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BuiltInRoleKey, Gender } from '@sala/contract';
import type { Db } from '../db/client.js';
import { schools, userRoles, users } from '../db/schema.js';
import { writeAudit } from '../lib/audit.js';
import { passwordProblem } from '../lib/password-policy.js';
import { hashPassword } from '../lib/passwords.js';
import { ensureBuiltInRoles } from '../modules/privileges/service.js';
import { seedDemoSchool } from './demoSchool.js';

export interface BootstrapOptions {
  demo: boolean;
  /** With `demo`, also fill the school with a year, classes, staff, students and a timetable. */
  demoData?: boolean;
  adminPassword: string | undefined;
}

export interface BootstrapResult {
  schoolCode: string;
  adminUsername: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword: string | undefined;
  demo: boolean;
  /** The demo school's other accounts; they share the admin's first password. */
  demoUsernames: string[];
}

/** A random password that is easy to read aloud and type on a phone: 4 groups of 4. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

interface DemoAccount {
  username: string;
  role: BuiltInRoleKey;
  nameKm: string;
  nameEn: string;
  gender: Gender;
  email?: string;
  phone?: string;
  locale: 'km' | 'en';
}

/** The demo school's staff: a teacher, the office and a head of department. */
const demoAccounts: DemoAccount[] = [
  {
    username: 'teacher',
    role: 'teacher',
    nameKm: 'សុខ ដារ៉ា',
    nameEn: 'Sok Dara',
    gender: 'female',
    phone: '+85512345678',
    locale: 'km',
  },
  {
    username: 'office',
    role: 'office',
    nameKm: 'ចាន់ សុភាព',
    nameEn: 'Chan Sopheap',
    gender: 'male',
    email: 'office@demo-school.example',
    locale: 'km',
  },
  {
    username: 'head',
    role: 'head_of_department',
    nameKm: 'លី ចន្ថា',
    nameEn: 'Ly Chantha',
    gender: 'female',
    locale: 'en',
  },
];

/**
 * Every school has the built-in roles, and at least one holder of the admin role: a database
 * from before roles existed gets them here, its first active user becoming the administrator.
 */
async function ensureSchoolsHaveRoles(db: Db): Promise<void> {
  const all = await db.select({ id: schools.id }).from(schools);
  for (const school of all) {
    await db.transaction(async (tx) => {
      const ids = await ensureBuiltInRoles(tx, school.id);
      const adminRoleId = ids.get('admin');
      if (!adminRoleId) return;
      const [holder] = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.schoolId, school.id), eq(userRoles.roleId, adminRoleId)))
        .limit(1);
      if (holder) return;
      const [anyRole] = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.schoolId, school.id))
        .limit(1);
      if (anyRole) return; // roles are in use: nobody is promoted silently
      const [first] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.schoolId, school.id), eq(users.status, 'active')))
        .orderBy(asc(users.createdAt))
        .limit(1);
      if (first) {
        await tx
          .insert(userRoles)
          .values({ schoolId: school.id, userId: first.id, roleId: adminRoleId });
      }
    });
  }
}

/**
 * On an empty database, creates the first school, its roles and its admin account; with
 * `demo`, the school is the demo school with a few staff accounts. On a database that has a
 * school, only makes sure every school has its built-in roles.
 */
export async function bootstrapDatabase(
  db: Db,
  options: BootstrapOptions,
): Promise<BootstrapResult | undefined> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schools);
  if (count > 0) {
    await ensureSchoolsHaveRoles(db);
    return undefined;
  }

  if (options.adminPassword) {
    const problem = passwordProblem(options.adminPassword, { username: 'admin' });
    if (problem) {
      throw new Error(
        `SALA_ADMIN_PASSWORD is refused (${problem}): use at least 10 characters that are not a common password`,
      );
    }
  }
  const password = options.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const school = options.demo
    ? { code: 'demo', nameKm: 'សាលារៀនសាលា (គំរូ)', nameEn: 'Sala Demo School' }
    : { code: 'school', nameKm: 'សាលារៀនរបស់ខ្ញុំ', nameEn: 'My School' };

  const schoolId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(schools)
      .values({ ...school, settings: { demo: options.demo, allowSignup: false } })
      .returning({ id: schools.id });
    if (!created) throw new Error('could not create the first school');
    const roleIds = await ensureBuiltInRoles(tx, created.id);
    const accounts: (DemoAccount | (Omit<DemoAccount, 'gender'> & { gender: null }))[] = [
      {
        username: 'admin',
        role: 'admin',
        nameKm: 'អ្នកគ្រប់គ្រង',
        nameEn: 'Administrator',
        gender: null,
        locale: 'km',
      },
      ...(options.demo ? demoAccounts : []),
    ];
    for (const account of accounts) {
      const [user] = await tx
        .insert(users)
        .values({
          schoolId: created.id,
          username: account.username,
          nameKm: account.nameKm,
          nameEn: account.nameEn,
          gender: account.gender,
          email: account.email ?? null,
          phone: account.phone ?? null,
          locale: account.locale,
          status: 'active',
          passwordHash,
          passwordChangedAt: new Date(),
        })
        .returning();
      const roleId = roleIds.get(account.role);
      if (!user || !roleId) throw new Error(`could not create the ${account.username} account`);
      await tx.insert(userRoles).values({ schoolId: created.id, userId: user.id, roleId });
      await writeAudit(
        tx,
        { schoolId: created.id, userId: null, requestId: null },
        {
          action: 'user.create',
          entity: 'user',
          entityId: user.id,
          after: { ...user, role: account.role },
        },
      );
    }
    return created.id;
  });
  if (options.demo && options.demoData) await seedDemoSchool(db, schoolId);

  return {
    schoolCode: school.code,
    adminUsername: 'admin',
    generatedPassword: options.adminPassword ? undefined : password,
    demo: options.demo,
    demoUsernames: options.demo ? demoAccounts.map((account) => account.username) : [],
  };
}
