import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@sala/contract';
import { bootstrapDatabase } from './seed/bootstrap.js';
import { createTestServer, DEMO_PASSWORD, signIn, type TestServer } from '../test/helpers.js';

/** A script long enough to be worth compressing, as a build writes it. */
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
/** A stylesheet the build left uncompressed (as it leaves files under 1 KB). */
const styles = `body { margin: 0; }\n${'.a { color: red; }\n'.repeat(100)}`;
const indexHtml = `<!doctype html><html lang="km"><head><script type="module" src="/assets/app.js"></script></head><body>${'<!-- the app -->'.repeat(80)}</body></html>`;

describe('what the server sends a browser', () => {
  let server: TestServer;
  let appDir: string;
  beforeAll(async () => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-app-'));
    fs.mkdirSync(path.join(appDir, 'assets'));
    fs.writeFileSync(path.join(appDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(appDir, 'signin.html'), indexHtml.replace('app.js', 'signin.js'));
    const asset = path.join(appDir, 'assets', 'app.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(appDir, 'assets', 'plain.css'), styles);
    // What the build's manifest says each language's first strings became.
    fs.mkdirSync(path.join(appDir, '.vite'));
    const manifest = Object.fromEntries(
      ['signin', 'frame'].flatMap((name) =>
        ['km', 'en'].map((lang) => [
          `src/i18n/bundles/${name}.${lang}.ts`,
          { file: `assets/${name}.${lang}-h4sh.js` },
        ]),
      ),
    );
    fs.writeFileSync(path.join(appDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    server = await createTestServer({ appDir });
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
    });

  it("sends the build's brotli or gzip copy of a file as the browser accepts, cached for a year", async () => {
    const br = await get('/assets/app.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBe(fs.statSync(path.join(appDir, 'assets/app.js.br')).size);

    const gzip = await get('/assets/app.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends a file only the headers a file needs, a page also the page's own", async () => {
    const asset = await get('/assets/app.js', 'br');
    for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'etag']) {
      expect(asset.headers[name], name).toBeDefined();
    }
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'x-request-id',
      'last-modified',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    const page = await get('/', 'br');
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options']) {
      expect(page.headers[name], name).toBeDefined();
    }
  });

  it('never compresses a file while answering: one the build left as it is goes as it is', async () => {
    const response = await get('/assets/plain.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(styles);
  });

  it('sends the pages compressed, and as written to a browser that takes no compression', async () => {
    for (const url of ['/', '/auths/login', '/attendance']) {
      const br = await get(url, 'gzip, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      const html = zlib.brotliDecompressSync(br.rawPayload).toString();
      expect(html, url).toContain(url === '/auths/login' ? 'signin.js' : 'app.js');

      const gzip = await get(url, 'gzip;q=1, br;q=0');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString(), url).toBe(html);

      const plain = await get(url, 'identity');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(html);
    }
  });

  it('writes into each page its language, the configuration and its first strings to fetch', async () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const response = await get(url, undefined, headers);
      expect(String(response.headers.vary)).toMatch(/accept-language/i);
      expect(String(response.headers.vary)).toMatch(/cookie/i);
      const html = response.body;
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)];
      return {
        lang: /<html lang="([^"]*)"/.exec(html)?.[1],
        preloads: preloads.map((m) => m[1]),
        config: JSON.parse(
          (/<meta name="sala-config" content="([^"]*)">/.exec(html)?.[1] ?? '').replace(
            /&quot;/g,
            '"',
          ),
        ),
      };
    };
    const config = JSON.parse((await get('/config.json')).body);
    expect(await page('/auths/login', { 'accept-language': 'km-KH,km;q=0.9,en;q=0.8' })).toEqual({
      lang: 'km',
      preloads: ['/assets/signin.km-h4sh.js'],
      config,
    });
    // The address's choice first, then the cookie's, then the browser's, else English.
    expect((await page('/?lang=km', { cookie: 'lang=en' })).lang).toBe('km');
    const app = await page('/attendance', { cookie: 'theme=x; lang=en', 'accept-language': 'km' });
    expect(app.lang).toBe('en');
    expect(app.preloads).toEqual(['/assets/signin.en-h4sh.js', '/assets/frame.en-h4sh.js']);
    expect((await page('/', { 'accept-language': 'fr, en;q=0.2, km;q=0.5' })).lang).toBe('km');
    expect((await page('/', { 'accept-language': 'fr' })).lang).toBe('en');
    expect((await page('/', { 'accept-language': 'km;q=0, en-GB' })).lang).toBe('en');
    expect((await page('/?lang=xx')).lang).toBe('en');
  });

  it('keeps the build manifest to itself', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).not.toContain('bundles');
  });

  it('compresses an answer of over 1 KB for a browser that takes it, and leaves a small one', async () => {
    const admin = await signIn(server.app, 'admin');
    const large = await get(endpoints.getRoles.path, 'gzip, br', admin.headers);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(String(large.headers.vary)).toMatch(/accept-encoding/i);
    const json = zlib.brotliDecompressSync(large.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(large.rawPayload.length).toBeLessThan(json.length / 3);
    const plain = await get(endpoints.getRoles.path, undefined, admin.headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual(JSON.parse(json));

    const small = await get(endpoints.getHealth.path, 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
