import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, startingConfig } from './config.js';
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
    const result = await http.send('postRoles', { body: { nameEn: 'Teachers' } });
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
    const result = await http.send('getUsers', { query: {} });
    expect(result).toEqual({
      ok: false,
      status: 400,
      code: 'UNKNOWN',
      message: 'Unknown error occurred',
    });
    vi.unstubAllGlobals();
  });
});

describe('the refresh after a 401', () => {
  const hooks = () => ({
    refreshAfter401: vi.fn(async () => false),
    unauthorized: vi.fn(),
    passwordChangeRequired: vi.fn(),
  });
  const refused = {
    success: false,
    code: 'INVALID_TOKEN',
    message: 'Invalid authentication token',
  };

  it('is tried for an ordinary call', async () => {
    const http = clientAnswering(401, refused);
    const auth = hooks();
    http.setAuthHooks(auth);
    await http.send('getUsers', { query: {} });
    expect(auth.refreshAfter401).toHaveBeenCalledTimes(1);
    expect(auth.unauthorized).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it.each([
    ['signing in', 'postLogin'],
    ['refreshing', 'postRefreshToken'],
    ['verifying the token', 'postVerifyToken'],
    ['signing out', 'postLogout'],
  ] as const)('is never tried when %s: there a 401 is the answer', async (_, name) => {
    const http = clientAnswering(401, refused);
    const auth = hooks();
    http.setAuthHooks(auth);
    const result = await http.send(name, { body: {} } as never);
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(auth.refreshAfter401).not.toHaveBeenCalled();
    expect(auth.unauthorized).not.toHaveBeenCalled();
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

  it('starts from the configuration written in the page, without asking the server', async () => {
    const page = (content?: string) => {
      const doc = document.implementation.createHTMLDocument();
      if (content !== undefined) {
        const meta = doc.createElement('meta');
        meta.name = 'sala-config';
        meta.content = content;
        doc.head.append(meta);
      }
      return doc;
    };
    const server = answer({ apiBaseUrl: '', buildId: 'from-the-server' });
    await expect(
      startingConfig(page('{"apiBaseUrl":"","buildId":"in-the-page"}'), server),
    ).resolves.toEqual({ apiBaseUrl: '', buildId: 'in-the-page' });
    expect(server).not.toHaveBeenCalled();
    // No configuration in the page, or one that is not right: the server is asked.
    for (const content of [undefined, 'not json', '{"buildId":1}']) {
      await expect(startingConfig(page(content), server)).resolves.toEqual({
        apiBaseUrl: '',
        buildId: 'from-the-server',
      });
    }
  });
});
