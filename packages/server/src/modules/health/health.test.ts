import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@sala/contract';
import { createTestServer, type TestServer } from '../../../test/helpers.js';

describe('GET /api/health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers ok after a round trip to the database', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Not found',
    });
  });
});
