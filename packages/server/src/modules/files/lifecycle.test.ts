import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, files, users } from '../../db/schema.js';
import { DiskStorage } from '../../lib/storage.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  type SignedInUser,
} from '../../../test/helpers.js';
import { sweepUnusedFiles, type UploadLimits } from './service.js';

const HOUR = 60 * 60 * 1000;

/** A demo school's server whose uploads go to a folder the test looks into. */
async function uploadServer(limits: Partial<UploadLimits> = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-uploads-'));
  const storage = new DiskStorage(root);
  const server = await createTestServer({ storage, uploadLimits: limits });
  await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
  const onDisk = async () => {
    const found: string[] = [];
    for (const entry of await fs.promises.readdir(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
    return found.sort();
  };
  const fileRows = () => server.database.db.select().from(files);
  const upload = (url: string, who: SignedInUser, data = onePixelPng, language = 'en') => {
    const body = multipartBody(data);
    return server.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...who.headers, 'accept-language': language },
    });
  };
  return {
    server,
    storage,
    onDisk,
    fileRows,
    upload,
    close: async () => {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

type UploadServer = Awaited<ReturnType<typeof uploadServer>>;

/** Each `onePixelPng` upload made unique, so that sizes add up as the quotas count them. */
const png = (extra: number) => Buffer.concat([onePixelPng, Buffer.alloc(extra)]);

describe('who may upload, how often and how much', () => {
  let s: UploadServer;
  beforeAll(async () => {
    s = await uploadServer({
      userBytes: 3 * png(100).length,
      schoolBytes: 5 * png(100).length,
      userPerMinute: 6,
      schoolPerMinute: 1000,
    });
  });
  afterAll(() => s.close());

  it('refuses an account waiting for approval, in its language, and keeps nothing', async () => {
    await s.server.database.db
      .update(users)
      .set({ status: 'pending' })
      .where(eq(users.username, 'head'));
    const waiting = await signIn(s.server.app, 'head');
    for (const language of ['en', 'km']) {
      const response = await s.upload('/api/files/avatars', waiting, png(100), language);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_PENDING');
      if (language === 'km') expect(response.json().message).toMatch(/[\u1780-\u17FF]/);
    }
    // A disabled account is signed out: its token no longer opens the upload either.
    await s.server.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.username, 'head'));
    const disabled = await s.upload('/api/files/avatars', waiting, png(100));
    expect([401, 403]).toContain(disabled.statusCode);
    expect(await s.fileRows()).toHaveLength(0);
    expect(await s.onDisk()).toEqual([]);
  });

  it('refuses an account over its quota with 413, keeping nothing of the refused upload', async () => {
    const teacher = await signIn(s.server.app, 'teacher');
    // Six at once over a quota of three: exactly three are kept, whatever the order.
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => s.upload('/api/files/avatars', teacher, png(100))),
    );
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code)).sort();
    expect(codes).toEqual([
      'UPLOAD_QUOTA_USER',
      'UPLOAD_QUOTA_USER',
      'UPLOAD_QUOTA_USER',
      'ok',
      'ok',
      'ok',
    ]);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual([
      413, 413, 413,
    ]);
    const kept = await s.fileRows();
    expect(kept).toHaveLength(3);
    expect(await s.onDisk()).toEqual(kept.map((row) => row.storageKey).sort());
  });

  it('refuses the school’s uploads over the school’s quota', async () => {
    const office = await signIn(s.server.app, 'office');
    expect((await s.upload('/api/files/student-photos', office, png(100))).statusCode).toBe(200);
    expect((await s.upload('/api/files/student-photos', office, png(100))).statusCode).toBe(200);
    const refused = await s.upload('/api/files/student-photos', office, png(100), 'km');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('UPLOAD_QUOTA_SCHOOL');
    expect(refused.json().message).toMatch(/[\u1780-\u17FF]/);
    expect(await s.fileRows()).toHaveLength(5);
    expect(await s.onDisk()).toHaveLength(5);
  });

  it('refuses more uploads a minute than allowed with 429 and Retry-After', async () => {
    const admin = await signIn(s.server.app, 'admin');
    const before = (await s.fileRows()).length;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await s.upload('/api/files/avatars', admin));
    // The first six pass the rate (and then meet the school's quota); the next two do not.
    expect(answers.slice(0, 6).every((r) => r.statusCode !== 429)).toBe(true);
    for (const refused of answers.slice(6)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_UPLOADS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await s.fileRows()).length).toBe(before);
  });
});

describe('a replaced or deleted image is removed', () => {
  let s: UploadServer;
  let admin: SignedInUser;
  beforeAll(async () => {
    s = await uploadServer();
    admin = await signIn(s.server.app, 'admin');
  });
  afterAll(() => s.close());

  const uploaded = async (url: string, who: SignedInUser = admin) => {
    const response = await s.upload(url, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().file.id as string;
  };
  const call = (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.server.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const exists = async (id: string) => {
    const [row] = await s.server.database.db.select().from(files).where(eq(files.id, id));
    const onDisk = (await s.onDisk()).some((key) => key.endsWith(id));
    expect(!!row).toBe(onDisk);
    return onDisk;
  };
  const deletions = async (ids: string[]) =>
    s.server.database.db
      .select({ entityId: auditLog.entityId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.delete'), inArray(auditLog.entityId, ids)));

  it('removes the avatar a new one replaces, and the last one when it is taken off', async () => {
    const first = await uploaded('/api/files/avatars');
    const second = await uploaded('/api/files/avatars');
    const set = (avatarFileId: string | null) =>
      call('PATCH', '/api/user/profile', { avatarFileId });
    expect((await set(first)).statusCode).toBe(200);
    expect(await exists(first)).toBe(true);
    expect((await set(second)).statusCode).toBe(200);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);
    expect((await set(null)).statusCode).toBe(200);
    expect(await exists(second)).toBe(false);
    expect(await deletions([first, second])).toEqual(
      expect.arrayContaining([
        { entityId: first, actorId: admin.userId },
        { entityId: second, actorId: admin.userId },
      ]),
    );
  });

  it('removes the school’s replaced logo', async () => {
    const first = await uploaded('/api/files/logos');
    const second = await uploaded('/api/files/logos');
    expect((await call('PATCH', '/api/school', { logoFileId: first })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/school', { logoFileId: second })).statusCode).toBe(200);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);
  });

  it('removes a student’s replaced photo and the photo of a deleted student', async () => {
    const first = await uploaded('/api/files/student-photos');
    const second = await uploaded('/api/files/student-photos');
    const created = await call('POST', '/api/students', { nameEn: 'Sok', photoFileId: first });
    expect(created.statusCode, created.body).toBe(200);
    const student = created.json().student as { id: string; version: number };
    const updated = await call('PATCH', `/api/students/${student.id}`, {
      photoFileId: second,
      version: student.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await exists(first)).toBe(false);
    const removed = await call(
      'DELETE',
      `/api/students/${student.id}?version=${updated.json().student.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await exists(second)).toBe(false);
  });

  it('removes a member of staff’s replaced photo and the photo of a deleted record', async () => {
    const first = await uploaded('/api/files/student-photos');
    const second = await uploaded('/api/files/student-photos');
    const created = await call('POST', '/api/employees', {
      code: 'photo-1',
      nameEn: 'Dara',
      photoFileId: first,
    });
    expect(created.statusCode, created.body).toBe(200);
    const employee = created.json().employee as { id: string; version: number };
    const updated = await call('PATCH', `/api/employees/${employee.id}`, {
      photoFileId: second,
      version: employee.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await exists(first)).toBe(false);
    const removed = await call(
      'DELETE',
      `/api/employees/${employee.id}?version=${updated.json().employee.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await exists(second)).toBe(false);
  });

  it('keeps a replaced image another record still shows', async () => {
    const shared = await uploaded('/api/files/student-photos');
    const other = await uploaded('/api/files/student-photos');
    const a = await call('POST', '/api/students', { nameEn: 'A', photoFileId: shared });
    const b = await call('POST', '/api/students', { nameEn: 'B', photoFileId: shared });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const student = a.json().student as { id: string; version: number };
    const updated = await call('PATCH', `/api/students/${student.id}`, {
      photoFileId: other,
      version: student.version,
    });
    expect(updated.statusCode).toBe(200);
    expect(await exists(shared)).toBe(true);
  });

  it('refuses to set an image that is gone, changing nothing', async () => {
    const gone = await uploaded('/api/files/avatars');
    const kept = await uploaded('/api/files/avatars');
    expect((await call('PATCH', '/api/user/profile', { avatarFileId: gone })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/user/profile', { avatarFileId: kept })).statusCode).toBe(200);
    const again = await call('PATCH', '/api/user/profile', { avatarFileId: gone });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({ avatarFileId: ['NOT_FOUND'] });
    expect(await exists(kept)).toBe(true);
  });
});

describe('the sweep of unused uploads', () => {
  let s: UploadServer;
  let office: SignedInUser;
  beforeAll(async () => {
    s = await uploadServer();
    office = await signIn(s.server.app, 'office');
  });
  afterAll(() => s.close());

  const uploaded = async () => {
    const response = await s.upload('/api/files/student-photos', office);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().file.id as string;
  };
  /** Makes an upload look `hours` old. */
  const age = (id: string, hours: number) =>
    s.server.database.db
      .update(files)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(files.id, id));
  const ids = async () => new Set((await s.fileRows()).map((row) => row.id));

  it('removes an upload no record uses once the grace is over, and nothing else', async () => {
    const orphan = await uploaded();
    const fresh = await uploaded();
    const attached = await uploaded();
    const missing = await uploaded();
    const created = await s.server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: office.headers,
      payload: { nameEn: 'Kept', photoFileId: attached },
    });
    expect(created.statusCode, created.body).toBe(200);
    await age(orphan, 25);
    await age(fresh, 23);
    await age(attached, 24 * 365);
    await age(missing, 48);
    // Bytes already gone from the disk are no reason to stop.
    const [missingRow] = (await s.fileRows()).filter((row) => row.id === missing);
    await s.storage.delete(missingRow!.storageKey);

    expect(await sweepUnusedFiles(s.server.database.db, s.storage, 24 * HOUR)).toBe(2);
    const left = await ids();
    expect(left.has(orphan)).toBe(false);
    expect(left.has(missing)).toBe(false);
    expect(left.has(fresh)).toBe(true);
    expect(left.has(attached)).toBe(true);
    expect(await s.onDisk()).toEqual((await s.fileRows()).map((row) => row.storageKey).sort());

    const audit = await s.server.database.db
      .select({ entityId: auditLog.entityId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.action, 'file.sweep'));
    expect(audit).toEqual(
      expect.arrayContaining([
        { entityId: orphan, actorId: null },
        { entityId: missing, actorId: null },
      ]),
    );
    expect(audit).toHaveLength(2);
    // Nothing more to do: a second sweep removes nothing.
    expect(await sweepUnusedFiles(s.server.database.db, s.storage, 24 * HOUR)).toBe(0);
  });

  it('never removes an image set on a record, however old, and sweeps in parallel safely', async () => {
    const avatar = (await s.upload('/api/files/avatars', office)).json().file.id as string;
    const profile = await s.server.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: office.headers,
      payload: { avatarFileId: avatar },
    });
    expect(profile.statusCode).toBe(200);
    const orphans = [];
    for (let i = 0; i < 12; i++) orphans.push(await uploaded());
    await s.server.database.db
      .update(files)
      .set({
        createdAt: sql`now() - interval '400 days'`,
        attachedAt: sql`now() - interval '400 days'`,
      })
      .where(eq(files.id, avatar));
    for (const id of orphans) await age(id, 30);
    // Two processes sweeping at once remove each file once between them.
    const [a, b] = await Promise.all([
      sweepUnusedFiles(s.server.database.db, s.storage, 26 * HOUR),
      sweepUnusedFiles(s.server.database.db, s.storage, 26 * HOUR),
    ]);
    expect(a + b).toBe(orphans.length);
    const left = await ids();
    expect(left.has(avatar)).toBe(true);
    expect(orphans.some((id) => left.has(id))).toBe(false);
  });

  it('removes a file a record stopped using without removing it, once its grace is over', async () => {
    const photo = await uploaded();
    const created = await s.server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: office.headers,
      payload: { nameEn: 'Left behind', photoFileId: photo },
    });
    expect(created.statusCode).toBe(200);
    // As a record changed outside the server would leave it.
    await s.server.database.db.execute(
      sql`update students set photo_file_id = null where photo_file_id = ${photo}`,
    );
    await s.server.database.db
      .update(files)
      .set({ attachedAt: sql`now() - interval '30 hours'` })
      .where(eq(files.id, photo));
    expect(await sweepUnusedFiles(s.server.database.db, s.storage, 31 * HOUR)).toBe(0);
    expect(await sweepUnusedFiles(s.server.database.db, s.storage, 26 * HOUR)).toBe(1);
    expect((await ids()).has(photo)).toBe(false);
  });
});
