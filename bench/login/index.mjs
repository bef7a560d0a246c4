// Sign-in and token refresh under load: the built server on a fresh embedded database, 20
// sign-ins per second sustained (argon2id each) while devices refresh their tokens at the
// same time (each refresh rotates the token, so every connection carries its own chain).
// Goals (issue 5): sign-in p99 < 300 ms, refresh p99 < 20 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { endpoints } from '@sala/contract';
import { cpuMs } from '../lib/clock.mjs';
import { serverMain, spawnServer, waitForHealth } from '../lib/server.mjs';

const ADMIN_PASSWORD = 'bench-admin-passphrase';
const STAFF_PASSWORD = 'bench staff passphrase 7';
const STAFF = 40;
const LOGINS_PER_SECOND = 20;
const DURATION_SECONDS = 20;
const REFRESH_CONNECTIONS = 5;
const REFRESHES_PER_SECOND = 20;

async function post(base, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

function load(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-login-'));
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      SALA_DEMO: '1',
      SALA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // Every request comes from one address here; the per-account limit still applies.
      SALA_LOGIN_MAX_PER_IP: '1000000',
    },
    { stderr: 'inherit' },
  );
  const { base, child } = server;
  try {
    await waitForHealth(base, child);
    const admin = await post(base, endpoints.postLogin.path, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const usernames = [];
    for (let i = 0; i < STAFF; i++) {
      const username = `bench-staff-${i}`;
      await post(
        base,
        endpoints.postUsers.path,
        { username, password: STAFF_PASSWORD, nameEn: `Staff ${i}`, nameKm: `បុគ្គលិក ${i}` },
        admin.accessToken,
      );
      usernames.push(username);
    }
    // Devices that will refresh: one signed-in session per refresh connection.
    const refreshTokens = [];
    for (let i = 0; i < REFRESH_CONNECTIONS; i++) {
      refreshTokens.push(
        (
          await post(base, endpoints.postLogin.path, {
            username: usernames[i],
            password: STAFF_PASSWORD,
          })
        ).refreshToken,
      );
    }

    let next = 0;
    const cpuBefore = cpuMs(child.pid);
    const logins = load({
      url: base,
      connections: 10,
      overallRate: LOGINS_PER_SECOND,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: 'POST',
          path: endpoints.postLogin.path,
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              username: usernames[next++ % usernames.length],
              password: STAFF_PASSWORD,
              deviceId: 'bench',
            }),
          }),
          onResponse: (status, body) => {
            if (status !== 200 && process.env.BENCH_DEBUG) console.error('login', status, body);
          },
        },
      ],
    });
    const refreshes = load({
      url: base,
      connections: REFRESH_CONNECTIONS,
      overallRate: REFRESHES_PER_SECOND,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: 'POST',
          path: endpoints.postRefresh.path,
          headers: { 'content-type': 'application/json' },
          // autocannon resets a connection's context between requests, so the devices' current
          // tokens live in a pool: a request takes one, its answer puts the rotated one back.
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ refreshToken: refreshTokens.shift() }),
          }),
          onResponse: (status, body) => {
            if (status === 200) refreshTokens.push(JSON.parse(body).refreshToken);
            else if (process.env.BENCH_DEBUG) console.error('refresh', status, body);
          },
        },
      ],
    });
    const [login, refresh] = await Promise.all([logins, refreshes]);
    const cpuAfter = cpuMs(child.pid);
    const failed = login.non2xx + login.errors + refresh.non2xx + refresh.errors;
    if (process.env.BENCH_DEBUG) {
      const pick = ({ non2xx, errors, timeouts, statusCodeStats }) => ({
        non2xx,
        errors,
        timeouts,
        statusCodeStats,
      });
      console.error('login', pick(login), 'refresh', pick(refresh));
    }
    return [
      { name: 'sign-in p50 at 20/s', value: login.latency.p50, unit: 'ms' },
      { name: 'sign-in p99 at 20/s', value: login.latency.p99, unit: 'ms', goal: '< 300 ms' },
      { name: 'refresh p50 (during sign-ins)', value: refresh.latency.p50, unit: 'ms' },
      {
        name: 'refresh p99 (during sign-ins)',
        value: refresh.latency.p99,
        unit: 'ms',
        goal: '< 20 ms',
      },
      { name: 'sign-ins answered', value: login.requests.total, unit: `in ${DURATION_SECONDS} s` },
      { name: 'failed requests', value: failed, unit: '', goal: '0' },
      ...(cpuBefore !== undefined && cpuAfter !== undefined
        ? [
            {
              // What the load costs the server, whatever else the machine is doing.
              name: 'server CPU for this load',
              value: (cpuAfter - cpuBefore) / 1000 / DURATION_SECONDS,
              unit: 'cores',
            },
          ]
        : []),
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
