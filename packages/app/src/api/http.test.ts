import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './config.js';
import { createHttpClient } from './http.js';

function clientAnswering(status: number, body: unknown) {
  const fetcher = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetcher);
  return createHttpClient({ baseUrl: () => '', bearer: () => undefined, language: () => 'en' });
}

describe('http failures', () => {
  it("keeps the server's code, message and field errors", async () => {
    const http = clientAnswering(409, {
      success: false,
      code: 'ACCOUNT_EXISTS',
      message: 'A user with this username, email or phone number already exists',
      fieldErrors: { username: ['ACCOUNT_EXISTS'] },
    });
    const result = await http.request('POST', '/api/users', {});
    expect(result).toEqual({
      ok: false,
      status: 409,
      code: 'ACCOUNT_EXISTS',
      message: 'A user with this username, email or phone number already exists',
      fieldErrors: { username: ['ACCOUNT_EXISTS'] },
    });
    vi.unstubAllGlobals();
  });

  it.each([
    ['a body that is not JSON', 'boom'],
    ['an unknown code', { success: false, code: 'NOPE', message: 'x' }],
    ['a success flag', { success: true, code: 'VALIDATION_ERROR', message: 'x' }],
    [
      'field errors of the wrong shape',
      {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'x',
        fieldErrors: { name: 'TOO_LONG' },
      },
    ],
  ])("answers 'Unknown error occurred' for %s", async (_, body) => {
    const http = clientAnswering(400, body);
    const result = await http.request('GET', '/api/users');
    expect(result).toEqual({
      ok: false,
      status: 400,
      code: 'UNKNOWN',
      message: 'Unknown error occurred',
    });
    vi.unstubAllGlobals();
  });
});

describe('runtime configuration', () => {
  const answer = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('reads the API base URL and build id the server wrote', async () => {
    await expect(
      loadRuntimeConfig(answer({ apiBaseUrl: 'https://api.example', buildId: 'b1' })),
    ).resolves.toEqual({ apiBaseUrl: 'https://api.example', buildId: 'b1' });
  });

  it('falls back to the same origin for a missing or malformed file', async () => {
    const fallback = { apiBaseUrl: '', buildId: 'development' };
    await expect(loadRuntimeConfig(answer({ apiBaseUrl: 3 }))).resolves.toEqual(fallback);
    await expect(loadRuntimeConfig(answer(null))).resolves.toEqual(fallback);
    await expect(loadRuntimeConfig(answer({}, 404))).resolves.toEqual(fallback);
  });
});
