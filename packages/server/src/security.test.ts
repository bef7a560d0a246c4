import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACT_ARIA_PRESSABLE_CSS, inlineScriptHashes } from './security.js';
import { createTestServer, type TestServer } from '../test/helpers.js';

const colourModeScript = "document.documentElement.classList.toggle('sala-dark', true);";

const signInScript = 'document.documentElement.dataset.page = "sign-in";';

describe('HTTP hardening', () => {
  let server: TestServer;
  let appDir: string;
  beforeAll(async () => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-app-'));
    fs.writeFileSync(
      path.join(appDir, 'index.html'),
      `<!doctype html><html><head><script>${colourModeScript}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    fs.writeFileSync(
      path.join(appDir, 'signin.html'),
      `<!doctype html><html><head><script>${signInScript}</script><script type="module" src="/assets/signin.js"></script></head><body></body></html>`,
    );
    server = await createTestServer({ appDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('serves the app with a strict policy that allows its inline head script by hash only', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/auths/login' });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(colourModeScript).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the same protective headers on the API, the app and its errors', async () => {
    const answers = await Promise.all([
      server.app.inject({ method: 'GET', url: '/api/health' }),
      server.app.inject({ method: 'GET', url: '/auths/login' }),
      server.app.inject({ method: 'GET', url: '/api/users' }),
      server.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    for (const response of answers) {
      const where = `${response.statusCode} ${response.body.slice(0, 60)}`;
      expect(response.headers['x-content-type-options'], where).toBe('nosniff');
      expect(response.headers['referrer-policy'], where).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy'], where).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy'], where).toBe('same-origin');
      expect(response.headers['content-security-policy'], where).toContain("default-src 'self'");
      expect(response.headers['x-powered-by'], where).toBeUndefined();
      expect(response.headers['access-control-allow-origin'], where).toBeUndefined();
    }
    // The API's answers, refusals included, are never stored by a browser or a proxy.
    const [health, , refused, missing] = answers;
    for (const response of [health!, refused!, missing!]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(refused!.statusCode).toBe(401);
  });

  it('answers the sign-in path with the sign-in document and every other page with the app', async () => {
    for (const url of ['/auths/login', '/auths/login?next=%2Fattendance']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('/assets/signin.js');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const hash = crypto.createHash('sha256').update(signInScript).digest('base64');
      expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    }
    for (const url of [
      '/',
      '/auths/signup',
      '/auths/login/extra',
      '/attendance?next=/auths/login',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('/assets/app.js');
    }
  });

  it('hashes inline scripts only, not external ones, once each', () => {
    expect(inlineScriptHashes(appDir)).toHaveLength(2);
    expect(inlineScriptHashes(undefined)).toEqual([]);
  });

  it('allows exactly the style react-aria injects, as the installed version writes it', () => {
    // react-aria is the ui package's dependency, installed at the workspace root.
    const relative = path.join(
      'node_modules',
      'react-aria',
      'dist',
      'private',
      'interactions',
      'usePress.mjs',
    );
    let dir = import.meta.dirname;
    while (!fs.existsSync(path.join(dir, relative)) && path.dirname(dir) !== dir)
      dir = path.dirname(dir);
    const source = fs.readFileSync(path.join(dir, relative), 'utf8');
    const template = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1];
    expect(template, 'react-aria no longer injects its pressable style this way').toBeDefined();
    const css = template!.replace(/\$\{[^}]+\}/, 'data-react-aria-pressable').trim();
    expect(css).toBe(REACT_ARIA_PRESSABLE_CSS);
  });

  it('sends no CORS header: other origins cannot read the API', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives every answer a request id and never a stack trace', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-me-12345' },
      payload: '{"username": [',
    });
    expect(response.headers['x-request-id']).toBe('trace-me-12345');
    expect(response.json()).toMatchObject({ requestId: 'trace-me-12345', code: 'BAD_REQUEST' });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses a body over the auth limit with 413', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'x'.repeat(20_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
