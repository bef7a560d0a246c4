import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@sala/contract';
import { bootstrapDatabase } from '../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../test/helpers.js';

/**
 * The router refuses some paths before any route, hook or error handler runs: those answers
 * follow the API's rules all the same (a code of ours, a message in the caller's language).
 */
describe("the router's and the multipart parser's own refusals", () => {
  let server: TestServer;
  let admin: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
  });
  afterAll(() => server.close());

  it('answers a path parameter past its maximum length with BAD_REQUEST, in Khmer when asked', async () => {
    const long = 'x'.repeat(250);
    const english = await server.app.inject({ method: 'GET', url: `/api/classes/${long}` });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: errorMessage('BAD_REQUEST', 'en'),
    });
    expect(english.body).not.toContain(long);
    const khmer = await server.app.inject({
      method: 'DELETE',
      url: `/api/users/${long}/sessions/${long}`,
      headers: { 'accept-language': 'km' },
    });
    expect(khmer.statusCode).toBe(400);
    expect(khmer.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: errorMessage('BAD_REQUEST', 'km'),
    });
  });

  it('answers a path with broken percent-encoding with BAD_REQUEST, in Khmer when asked', async () => {
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/students/%E0%A4%A',
      headers: { 'accept-language': 'km-KH,km;q=0.9' },
      payload: { nameEn: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: errorMessage('BAD_REQUEST', 'km'),
    });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers a multipart body the parser cannot read with BAD_REQUEST, not a server error', async () => {
    const part = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx';
    for (const [url, contentType, payload] of [
      // No boundary at all.
      ['/api/files/avatars', 'multipart/form-data', '6'],
      ['/api/students/import', 'multipart/form-data', ''],
      // A boundary, then a body cut short.
      ['/api/files/avatars', 'multipart/form-data; boundary=abc', part],
      ['/api/employees/import', 'multipart/form-data; boundary=abc', '6'],
      ['/api/scores/import/preview', 'multipart/form-data; boundary=abc', part],
    ] as const) {
      const response = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...admin.headers, 'content-type': contentType, 'accept-language': 'km' },
        payload,
      });
      expect(response.statusCode, `${url} ${contentType}: ${response.body}`).toBeLessThan(500);
      expect(response.json().message).toMatch(/[\u1780-\u17ff]/);
    }
  });
});
