import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  tablesDigest,
  type SignedInUser,
  type TestServer,
} from '../../test/helpers.js';
import { nulCharacterPath } from './request-guards.js';

describe('a NUL character in a request', () => {
  let server: TestServer;
  let admin: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
  });
  afterAll(() => server.close());

  it('finds where the character is', () => {
    expect(nulCharacterPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(nulCharacterPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulCharacterPath('\u0000')).toBe('body');
    expect(nulCharacterPath({ a: 'fine', b: [1, null, true] })).toBeUndefined();
  });

  it('is refused as invalid (400, in the caller’s language) wherever it is, and writes nothing', async () => {
    const snapshot = () => tablesDigest(server.database.db, ['departments', 'audit_log']);
    const before = await snapshot();
    const cases = [
      { method: 'GET', url: '/api/departments?search=%00', field: 'query.search' },
      { method: 'GET', url: '/api/students?search=a%00b', field: 'query.search' },
      { method: 'GET', url: '/api/classes/%00', field: 'params.id' },
      {
        method: 'POST',
        url: '/api/departments',
        payload: { code: 'NUL', nameEn: 'x\u0000y' },
        field: 'nameEn',
      },
    ] as const;
    for (const { field, ...request } of cases) {
      const response = await server.app.inject({
        ...request,
        headers: { ...admin.headers, 'accept-language': 'km' },
      });
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { [field]: ['INVALID_VALUE'] },
      });
      expect(response.json().message).toMatch(/[\u1780-\u17ff]/);
    }
    expect(await snapshot()).toBe(before);
  });
});
