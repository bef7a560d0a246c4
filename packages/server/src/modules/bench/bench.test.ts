import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config.js';
import { TokenSigner } from '../../lib/tokens.js';
import { createTestServer, testSigningKey, type TestServer } from '../../../test/helpers.js';
import { benchPaths } from './routes.js';

describe('benchmark reference routes', () => {
  let plain: TestServer;
  let bench: TestServer;
  beforeAll(async () => {
    [plain, bench] = await Promise.all([
      createTestServer(),
      createTestServer({ benchRoutes: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), bench?.close()]);
  });

  it('are on only with SALA_BENCH_ROUTES=1', () => {
    expect(configFromEnv({}).benchRoutes).toBe(false);
    expect(configFromEnv({ SALA_BENCH_ROUTES: '0' }).benchRoutes).toBe(false);
    expect(configFromEnv({ SALA_BENCH_ROUTES: '1' }).benchRoutes).toBe(true);
  });

  it('are absent from a server built without them', async () => {
    for (const url of Object.values(benchPaths)) {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answer a constant through the usual headers', async () => {
    const response = await bench.app.inject({ method: 'GET', url: benchPaths.bare });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['content-security-policy']).toBeTruthy();
  });

  it("answer a valid token's subject", async () => {
    const signer = new TokenSigner(testSigningKey);
    const sub = '7d7c4d0e-2b8a-4a53-9a3f-0d6b6f1f2a11';
    const token = await signer.signAccessToken({
      sub,
      sid: '0b3f7f84-5f4c-4d3c-8a0e-6b8c1f7e9d22',
      sess: '4f6e2a1b-9c8d-4e7f-a6b5-3c2d1e0f9a33',
    });
    const response = await bench.app.inject({
      method: 'GET',
      url: benchPaths.token,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sub });
  });

  it('refuse a missing, forged or expired token with 401', async () => {
    const forged = await new TokenSigner(
      new TextEncoder().encode('another-signing-key-of-at-least-32-bytes'),
    ).signAccessToken({ sub: 'a', sid: 'b', sess: 'c' });
    const expired = await new TokenSigner(testSigningKey).signAccessToken(
      { sub: 'a', sid: 'b', sess: 'c' },
      -60,
    );
    const cases: [Record<string, string>, string][] = [
      [{}, 'NO_TOKEN'],
      [{ authorization: 'Bearer not-a-token' }, 'INVALID_TOKEN'],
      [{ authorization: `Bearer ${forged}` }, 'INVALID_TOKEN'],
      [{ authorization: `Bearer ${expired}` }, 'INVALID_TOKEN'],
    ];
    for (const [headers, code] of cases) {
      const response = await bench.app.inject({ method: 'GET', url: benchPaths.token, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      const body = response.json() as { code: string; message: string };
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(0);
    }
  });
});
