import { describe, expect, it } from 'vitest';
import { endpoints, fillPath, type EndpointName } from './endpoints.js';
import { endpointSchemas } from './endpointSchemas.js';

describe('the endpoint table', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath(endpoints.deleteUserSession.path, { id: 'a b', sessionId: 'c' })).toBe(
      '/api/users/a%20b/sessions/c',
    );
    expect(() => fillPath(endpoints.getUser.path)).toThrow(/id/);
    expect(fillPath(endpoints.postLogin.path)).toBe('/api/auth/login');
  });

  it('names each method and path once', () => {
    const routes = Object.values(endpoints).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives every endpoint with path parameters a schema for them, and none to the others', () => {
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const hasParams = endpoints[name].path.includes(':');
      expect({ name, params: 'params' in endpointSchemas[name] }).toEqual({
        name,
        params: hasParams,
      });
    }
  });

  it('has the schemas of exactly the endpoints of the table', () => {
    expect(Object.keys(endpointSchemas).sort()).toEqual(Object.keys(endpoints).sort());
  });
});
