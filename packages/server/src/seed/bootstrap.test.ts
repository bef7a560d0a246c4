import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rolePermissions, roles, schools, userRoles, users } from '../db/schema.js';
import type { Database } from '../db/client.js';
import { verifyPassword } from '../lib/passwords.js';
import { createTestDatabase } from '../../test/helpers.js';
import { bootstrapDatabase } from './bootstrap.js';

describe('bootstrapDatabase', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it('creates the demo school and an admin with the given password', async () => {
    const result = await bootstrapDatabase(database.db, {
      demo: true,
      adminPassword: 'given-password-1',
    });
    expect(result).toMatchObject({
      schoolCode: 'demo',
      adminUsername: 'admin',
      generatedPassword: undefined,
    });
    const [admin] = await database.db.select().from(users);
    expect(admin?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'given-password-1')).toBe(true);
  });

  it('generates a random password, never a fixed default, when none is given', async () => {
    const result = await bootstrapDatabase(database.db, { demo: false, adminPassword: undefined });
    expect(result?.schoolCode).toBe('school');
    expect(result?.generatedPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const [admin] = await database.db.select().from(users);
    expect(await verifyPassword(admin!.passwordHash, result!.generatedPassword!)).toBe(true);
  });

  it('does nothing on a database that has a school', async () => {
    await bootstrapDatabase(database.db, { demo: true, adminPassword: 'first-password' });
    const again = await bootstrapDatabase(database.db, {
      demo: true,
      adminPassword: 'second-password',
    });
    expect(again).toBeUndefined();
    expect(await database.db.select().from(schools)).toHaveLength(1);
  });

  it('gives the demo school its roles and staff with Khmer and Latin names', async () => {
    const result = await bootstrapDatabase(database.db, {
      demo: true,
      adminPassword: 'given-password-1',
    });
    expect(result?.demoUsernames).toEqual(['teacher', 'office', 'head']);
    const staff = await database.db
      .select({
        username: users.username,
        nameKm: users.nameKm,
        nameEn: users.nameEn,
        role: roles.key,
      })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId));
    expect(staff.map((s) => `${s.username}:${s.role}`).sort()).toEqual([
      'admin:admin',
      'head:head_of_department',
      'office:office',
      'teacher:teacher',
    ]);
    for (const person of staff) {
      expect(person.nameKm).toMatch(/[\u1780-\u17FF]/);
      expect(person.nameEn).toMatch(/[A-Za-z]/);
    }
  });

  it('refuses a weak SALA_ADMIN_PASSWORD rather than creating a guessable admin', async () => {
    await expect(
      bootstrapDatabase(database.db, { demo: false, adminPassword: 'admin123' }),
    ).rejects.toThrow(/SALA_ADMIN_PASSWORD/);
    expect(await database.db.select().from(schools)).toHaveLength(0);
  });

  it('gives a database from before roles its roles, its first user becoming the administrator', async () => {
    await bootstrapDatabase(database.db, { demo: false, adminPassword: 'given-password-1' });
    await database.db.delete(userRoles);
    await database.db.delete(rolePermissions);
    await database.db.delete(roles);
    expect(
      await bootstrapDatabase(database.db, { demo: false, adminPassword: undefined }),
    ).toBeUndefined();
    const [admin] = await database.db
      .select({ role: roles.key })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId));
    expect(admin?.role).toBe('admin');
    expect(await database.db.select().from(roles)).toHaveLength(5);
  });
});
