import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import { DEMO_PASSWORD, createTestServer, type TestServer } from '../../../test/helpers.js';

// Long enough for the attempts of one test to fall in one window on a busy machine.
const WINDOW_MS = 4000;

describe('sign-in throttling', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      loginLimits: { perIp: 6, perAccount: 3, windowMs: WINDOW_MS },
    });
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
  });
  afterAll(() => server.close());

  const login = (username: string, password: string, ip = '203.0.113.7') =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  /** Waits as long as the 429's Retry-After says, and a little more. */
  const waitFor = (retryAfter: unknown) =>
    new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000 + 250));

  it('refuses an account after its failures with 429 and Retry-After, then recovers', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login('teacher', 'wrong password', `198.51.100.${i}`)).statusCode).toBe(401);
    }
    // Even the right password waits: the account is throttled, from any address.
    const throttled = await login('teacher', DEMO_PASSWORD, '198.51.100.99');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait and try again.',
    });
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000));

    await waitFor(retryAfter);
    expect((await login('teacher', DEMO_PASSWORD, '198.51.100.99')).statusCode).toBe(200);
  });

  it('forgives an account its failures once it signs in', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await login('office', 'wrong password', `192.0.2.${i}`)).statusCode).toBe(401);
    }
    expect((await login('office', DEMO_PASSWORD, '192.0.2.50')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await login('office', 'wrong password', `192.0.2.${10 + i}`)).statusCode).toBe(401);
    }
  });

  it('refuses an address that tries many accounts, then recovers', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < 6; i++) {
      expect((await login(`nobody-${i}`, 'wrong password', ip)).statusCode).toBe(401);
    }
    const throttled = await login('head', DEMO_PASSWORD, ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login('head', DEMO_PASSWORD, '203.0.113.201')).statusCode).toBe(200);
    await waitFor(throttled.headers['retry-after']);
    expect((await login('head', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts only the failures of an address: a staff room behind one address signs in freely', async () => {
    const ip = '198.51.100.250';
    for (let i = 0; i < 8; i++) {
      expect((await login('teacher', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('throttles guessing the current password from a signed-in session, in the caller’s language', async () => {
    const signedIn = await login('admin', DEMO_PASSWORD, '192.0.2.200');
    expect(signedIn.statusCode).toBe(200);
    const headers = {
      authorization: `Bearer ${(signedIn.json() as { accessToken: string }).accessToken}`,
      'accept-language': 'km',
    };
    const change = (currentPassword: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers,
        payload: { currentPassword, newPassword: 'a new administrator passphrase' },
      });
    for (let i = 0; i < 3; i++) {
      expect((await change(`guess number ${i}`)).json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    }
    const throttled = await change(DEMO_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(throttled.json().code).toBe('TOO_MANY_REQUESTS');
    expect(throttled.json().message).toMatch(/[\u1780-\u17FF]/);
    // Refused before anything was checked: the password is as it was.
    expect((await login('admin', DEMO_PASSWORD, '192.0.2.201')).statusCode).toBe(200);
  });

  it('counts an account’s failures whatever spelling named it: a locked account stays locked', async () => {
    // The teacher's phone is +85512345678, written three ways; the fourth way is refused.
    const spellings = ['012345678', '012 345 678', '+855 12 345 678'];
    for (const [i, spelling] of spellings.entries()) {
      expect((await login(spelling, 'wrong password', `198.18.0.${i}`)).statusCode, spelling).toBe(
        401,
      );
    }
    for (const [i, spelling] of ['(012)345-678', '012.345.678', 'TEACHER', 'teacher'].entries()) {
      const throttled = await login(spelling, DEMO_PASSWORD, `198.18.1.${i}`);
      expect(throttled.statusCode, spelling).toBe(429);
      expect(throttled.headers['retry-after']).toBeDefined();
    }
  });

  it('counts an e-mail address in any case and the username as one account', async () => {
    const spellings = ['office@demo-school.example', 'OFFICE@Demo-School.example', 'Office'];
    for (const [i, spelling] of spellings.entries()) {
      expect((await login(spelling, 'wrong password', `198.18.2.${i}`)).statusCode, spelling).toBe(
        401,
      );
    }
    expect((await login('office', DEMO_PASSWORD, '198.18.2.9')).statusCode).toBe(429);
  });

  it('counts the spellings of a phone number that is no account together', async () => {
    const spellings = ['098765432', '098 765 432', '(098)765432'];
    for (const [i, spelling] of spellings.entries()) {
      expect((await login(spelling, 'a guess', `198.18.3.${i}`)).statusCode, spelling).toBe(401);
    }
    for (const [i, spelling] of ['+855 98 765 432', '098-765-432'].entries()) {
      expect((await login(spelling, 'a guess', `198.18.4.${i}`)).statusCode, spelling).toBe(429);
    }
  });

  it('keeps its counters in the database, where every server process sees them', async () => {
    const rows = await server.database.db.select().from(rateLimits);
    expect(rows.some((row) => row.key === 'auth-ip:203.0.113.200')).toBe(true);
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses and groups IPv6 ones by their /64 network', async () => {
    const { clientKey } = await import('./routes.js');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:0:1::9')).toBe(clientKey('2001:db8:0:1:ffff::1'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
