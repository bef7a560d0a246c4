import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileResponseSchema } from '@sala/contract';
import { eq } from 'drizzle-orm';
import { files, users } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('files', () => {
  let server: TestServer;
  let teacher: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer({ uploadMaxBytes: 64 * 1024 });
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    teacher = await signIn(server.app, 'teacher');
  });
  afterAll(() => server.close());

  const upload = (
    url: string,
    who: SignedInUser | undefined,
    body: ReturnType<typeof multipartBody>,
  ) =>
    server.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(who?.headers ?? {}) },
    });

  it('keeps an avatar, serves it to the school with cache headers, and sets it on the profile', async () => {
    const response = await upload('/api/files/avatars', teacher, multipartBody(onePixelPng));
    expect(response.statusCode).toBe(200);
    const { file } = fileResponseSchema.parse(response.json());
    expect(file).toMatchObject({
      purpose: 'avatar',
      mimeType: 'image/png',
      size: onePixelPng.length,
    });

    const office = await signIn(server.app, 'office');
    const read = await server.app.inject({ method: 'GET', url: file.url, headers: office.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(read.rawPayload.equals(onePixelPng)).toBe(true);
    const cached = await server.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...office.headers, 'if-none-match': String(read.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    // An <img> sends the app's access-token cookie instead of a header.
    const viaCookie = await server.app.inject({
      method: 'GET',
      url: file.url,
      cookies: { accessToken: office.accessToken },
    });
    expect(viaCookie.statusCode).toBe(200);

    const profile = await server.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: teacher.headers,
      payload: { avatarFileId: file.id },
    });
    expect(profile.json().user.avatarFileId).toBe(file.id);
    // Someone else's avatar cannot be taken.
    const taken = await server.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: office.headers,
      payload: { avatarFileId: file.id },
    });
    expect(taken.statusCode).toBe(400);
  });

  it('refuses anyone who is not signed in to the same school', async () => {
    const { file } = fileResponseSchema.parse(
      (await upload('/api/files/avatars', teacher, multipartBody(onePixelPng))).json(),
    );
    expect((await server.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);
    await addSchool(server.database, 'other');
    const stranger = await signIn(server.app, 'admin', DEMO_PASSWORD, { schoolCode: 'other' });
    const response = await server.app.inject({
      method: 'GET',
      url: file.url,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('reads the type from the bytes, not from the name or the declared type', async () => {
    const before = (await server.database.db.select().from(files)).length;
    const script = multipartBody(Buffer.from('<script>alert(1)</script>'), {
      filename: 'evil.png',
      contentType: 'image/png',
    });
    const response = await upload('/api/files/avatars', teacher, script);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdf = multipartBody(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), {
      filename: 'a.png',
    });
    expect((await upload('/api/files/avatars', teacher, pdf)).statusCode).toBe(415);
    expect((await server.database.db.select().from(files)).length).toBe(before);
  });

  it('refuses a file over the size limit with 413, and a request that is not multipart', async () => {
    const big = Buffer.concat([onePixelPng, Buffer.alloc(70 * 1024)]);
    const response = await upload('/api/files/avatars', teacher, multipartBody(big));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/files/avatars',
      headers: teacher.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('lets only the school’s managers upload its logo', async () => {
    const refused = await upload('/api/files/logos', teacher, multipartBody(onePixelPng));
    expect(refused.statusCode).toBe(403);
    const admin = await signIn(server.app, 'admin', DEMO_PASSWORD, { schoolCode: 'demo' });
    const logo = await upload('/api/files/logos', admin, multipartBody(onePixelPng));
    expect(logo.statusCode).toBe(200);
    const school = await server.app.inject({
      method: 'PATCH',
      url: '/api/school',
      headers: admin.headers,
      payload: { logoFileId: logo.json().file.id },
    });
    expect(school.json().school.logoFileId).toBe(logo.json().file.id);
  });

  it('shows a student’s photo only to those who may see students', async () => {
    const office = await signIn(server.app, 'office', DEMO_PASSWORD, { schoolCode: 'demo' });
    const photo = await upload('/api/files/student-photos', office, multipartBody(onePixelPng));
    expect(photo.statusCode).toBe(200);
    const url = photo.json().file.url as string;
    expect(
      (await server.app.inject({ method: 'GET', url, headers: teacher.headers })).statusCode,
    ).toBe(200);
    await server.database.db
      .update(users)
      .set({ status: 'pending' })
      .where(eq(users.username, 'head'));
    const waiting = await signIn(server.app, 'head', DEMO_PASSWORD, { schoolCode: 'demo' });
    expect(
      (await server.app.inject({ method: 'GET', url, headers: waiting.headers })).statusCode,
    ).toBe(403);
  });
});
