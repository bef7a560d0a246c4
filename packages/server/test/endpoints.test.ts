import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@sala/contract';
import { createTestServer, type TestServer } from './helpers.js';

/**
 * The contract's endpoint table is the API: every endpoint it names is served, once, under its
 * method, path and access, and the server serves no API route the table does not name (the
 * benchmark's reference routes aside, which exist only when asked for).
 */
describe('the endpoint table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  /** The API routes registered, without the HEAD twin Fastify adds to every GET. */
  const apiRoutes = () =>
    server.app.declaredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/bench/') &&
        route.method !== 'HEAD',
    );

  it('has every endpoint registered exactly once, with its method, path and access', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const registered = apiRoutes().filter((route) => route.endpoint === name);
      expect(registered, name).toHaveLength(1);
      expect(registered[0], name).toMatchObject({
        method: endpoint.method,
        url: endpoint.path,
        access: endpoint.access,
      });
    }
  });

  it('serves no API route that is not an endpoint of the table', () => {
    const strays = apiRoutes()
      .filter((route) => {
        const endpoint = route.endpoint ? endpoints[route.endpoint] : undefined;
        return endpoint?.method !== route.method || endpoint.path !== route.url;
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(strays).toEqual([]);
  });
});
