import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGradeBands, schoolResponseSchema } from '@sala/contract';
import { auditLog, schools } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('school settings', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
  });
  afterAll(() => server.close());

  const patch = (payload: object, who: SignedInUser = admin) =>
    server.app.inject({ method: 'PATCH', url: '/api/school', headers: who.headers, payload });
  const read = async (who: SignedInUser = admin) =>
    schoolResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/school', headers: who.headers })).json(),
    ).school;
  const row = async () =>
    (await server.database.db.select().from(schools).where(eq(schools.id, admin.schoolId)))[0];

  it('answers every setting, with its default when it was never set', async () => {
    const school = await read(teacher);
    expect(school.settings).toMatchObject({
      address: '',
      phone: null,
      gradeBands: defaultGradeBands,
      attendanceSessions: ['morning', 'afternoon'],
      attendanceEditDays: 7,
      lateCountsAsPresent: true,
      resultDigits: 'latn',
      resultDecimals: 2,
      setupCompleted: false,
    });
  });

  it('stores the phone as E.164 with the school’s country and changes only what is sent', async () => {
    const before = (await read()).settings;
    const saved = await patch({
      settings: {
        address: 'Street 271, Phnom Penh',
        phone: '012 345 678',
        attendanceSessions: ['morning', 'morning'],
        attendanceEditDays: 3,
        lateCountsAsPresent: false,
        resultDigits: 'khmr',
        resultDecimals: 1,
        setupCompleted: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().school.settings).toMatchObject({
      ...before,
      address: 'Street 271, Phnom Penh',
      phone: '+85512345678',
      attendanceSessions: ['morning'],
      attendanceEditDays: 3,
      lateCountsAsPresent: false,
      resultDigits: 'khmr',
      resultDecimals: 1,
      setupCompleted: true,
    });
    // A number typed with a new default country is read with that country.
    const american = await patch({
      settings: { defaultPhoneCountry: 'US', phone: '(201) 555-0123' },
    });
    expect(american.json().school.settings).toMatchObject({
      defaultPhoneCountry: 'US',
      phone: '+12015550123',
      address: 'Street 271, Phnom Penh',
    });
    const cleared = await patch({ settings: { phone: null, defaultPhoneCountry: 'KH' } });
    expect(cleared.json().school.settings.phone).toBeNull();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'school.update'));
    expect(audit).toHaveLength(3);
  });

  it('saves grade bands and refuses bands out of order or a phone that is not one, changing nothing', async () => {
    const bands = defaultGradeBands.map((band) =>
      band.letter === 'A' ? { ...band, minFraction: 0.85, mentionEn: 'Outstanding' } : band,
    );
    const saved = await patch({ settings: { gradeBands: bands } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).settings.gradeBands[0]).toMatchObject({
      minFraction: 0.85,
      mentionEn: 'Outstanding',
    });

    const before = await row();
    const badPhone = await patch({ settings: { phone: '123', address: 'Elsewhere' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({
      code: 'INVALID_PHONE',
      fieldErrors: { 'settings.phone': ['INVALID_PHONE'] },
    });
    const unordered = await patch({
      settings: { gradeBands: [...bands].reverse() },
    });
    expect(unordered.statusCode).toBe(400);
    const bBelowA = await patch({
      settings: {
        gradeBands: bands.map((band) =>
          band.letter === 'B' ? { ...band, minFraction: 0.9 } : band,
        ),
      },
    });
    expect(bBelowA.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: {
        'settings.gradeBands.1.minFraction': ['GRADE_CUTOFF_ORDER?letter=B&previous=A'],
      },
    });
    const tooMany = await patch({ settings: { resultDecimals: 3 } });
    expect(tooMany.statusCode).toBe(400);
    const byTeacher = await patch({ settings: { setupCompleted: false } }, teacher);
    expect(byTeacher.statusCode).toBe(403);
    expect(await row()).toEqual(before);
  });

  it('answers an empty change with the school as it is, writing nothing (no 500)', async () => {
    const before = await row();
    const audits = async () =>
      (await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'school.update')))
        .length;
    const auditsBefore = await audits();
    const empty = await patch({});
    expect(empty.statusCode, empty.body).toBe(200);
    expect(schoolResponseSchema.parse(empty.json()).school.nameEn).toBe(before!.nameEn);
    expect(await row()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });
});
