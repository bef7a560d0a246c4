// An HTTPS front with HTTP/2 before the plain-HTTP server, as a school's reverse proxy (Caddy,
// nginx) would put it: the phone suite measures through it with --http2. Its certificate is made
// for the run (openssl) and trusted by Chromium through its public key's hash only.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/** Headers that belong to one connection and are not passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'te',
]);

/**
 * Starts the front on a free port for `target` (http://127.0.0.1:PORT). Answers its origin
 * (https://localhost:…), the Chromium flag that trusts its certificate, and stop().
 */
export async function startHttp2Front(target) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile);
  const spki = crypto
    .createHash('sha256')
    .update(crypto.createPublicKey(cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = req.headers[':authority'] ?? upstream.host;
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A request the browser gives up (a navigation away) is given up upstream too.
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `https://localhost:${port}`,
    chromiumArg: `--ignore-certificate-errors-spki-list=${spki}`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
