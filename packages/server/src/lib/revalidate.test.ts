import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@sala/contract';
import { bootstrapDatabase } from '../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../test/helpers.js';
import { seedStudentSchool } from '../../test/student-fixtures.js';
import { namesTag } from './revalidate.js';

describe('If-None-Match', () => {
  it('names a tag strongly or weakly, in a list, or with *', () => {
    expect(namesTag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(namesTag('"abc"', 'W/"abc"')).toBe(true);
    expect(namesTag('"x", W/"abc" ', 'W/"abc"')).toBe(true);
    expect(namesTag('*', 'W/"abc"')).toBe(true);
    expect(namesTag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(namesTag(undefined, 'W/"abc"')).toBe(false);
    expect(namesTag('', 'W/"abc"')).toBe(false);
  });
});

describe('answers the browser may revalidate', () => {
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

  const get = (url: string, who: SignedInUser, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });

  it('come with a tag; the same answer asked with it is a 304 with no body', async () => {
    const first = await get(endpoints.getSubjects.path, admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]{32}"$/);
    const again = await get(endpoints.getSubjects.path, admin, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Compressed, the tag is the same: it is of the answer, not of its bytes on the wire.
    const compressed = await get(endpoints.getSubjects.path, admin, {
      'accept-encoding': 'br',
      'if-none-match': tag,
    });
    expect(compressed.statusCode).toBe(304);
  });

  it('another caller, or another language, holding someone else’s copy gets their own answer', async () => {
    // Classes this teacher is not given: the administrator's list has them, the teacher's not.
    await seedStudentSchool(server.database.db, admin.schoolId);
    const adminClasses = await get(endpoints.getClasses.path, admin);
    const tag = String(adminClasses.headers.etag);
    const teachers = await get(endpoints.getClasses.path, teacher, { 'if-none-match': tag });
    expect(teachers.statusCode).toBe(200);
    expect(teachers.headers.etag).not.toBe(tag);
    expect(teachers.json()).not.toEqual(adminClasses.json());
    const school = await get(endpoints.getSchool.path, admin, { 'accept-language': 'en' });
    const inKhmer = await get(endpoints.getSchool.path, admin, {
      'accept-language': 'km',
      'if-none-match': String(school.headers.etag),
    });
    // The school's answer is the same in both languages, so the copy is good for both.
    expect([200, 304]).toContain(inKhmer.statusCode);
    if (inKhmer.statusCode === 200) expect(inKhmer.headers.etag).not.toBe(school.headers.etag);
  });

  it('a change gives a new answer and a new tag', async () => {
    const before = await get(endpoints.getDepartments.path, admin);
    const created = await server.app.inject({
      method: endpoints.postDepartments.method,
      url: endpoints.postDepartments.path,
      headers: admin.headers,
      payload: { code: 'OFF', nameKm: 'ការិយាល័យ', nameEn: 'Office' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const after = await get(endpoints.getDepartments.path, admin, {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('other answers, and refusals, are not kept at all', async () => {
    const students = await get(endpoints.getStudents.path, admin);
    expect(students.statusCode).toBe(200);
    expect(students.headers['cache-control']).toBe('no-store');
    expect(students.headers.etag).toBeUndefined();
    const refused = await get(endpoints.getRoles.path, teacher);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
  });

  it('signing out asks the browser to drop its copies', async () => {
    const other = await signIn(server.app, 'teacher');
    const out = await server.app.inject({
      method: endpoints.postLogout.method,
      url: endpoints.postLogout.path,
      headers: other.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers['clear-site-data']).toBe('"cache"');
  });
});
