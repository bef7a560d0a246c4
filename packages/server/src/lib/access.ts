import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasAnyPermission,
  scopeOf,
  type EndpointAccess,
  type EndpointName,
  type ErrorCode,
  type PermissionAction,
  type PermissionScope,
} from '@sala/contract';
import type { Db } from '../db/client.js';
import { loadPrincipal } from '../modules/auth/sessions.js';
import { HttpError } from './http-errors.js';
import type { TokenSigner } from './tokens.js';

/**
 * What a route asks of its caller. Every API route declares one (an API route takes it from the
 * contract's endpoint table, see `route`); a route without it is refused when it is registered.
 */
export type RouteAccess = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The name of the contract's endpoint the route serves. */
    endpoint?: EndpointName;
    invalidTokenCode?: ErrorCode;
    tokenFromCookie?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every route that is not public. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access (read by the permission matrix test). */
    declaredRoutes: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The contract's endpoint it serves (every API route but the benchmark's). */
  endpoint?: EndpointName | undefined;
  /** The route's validation schemas (zod), as given in its options. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

/** The signed-in caller, as loaded once per request. */
export interface Principal {
  userId: string;
  schoolId: string;
  sessionId: string;
  status: 'active' | 'disabled' | 'pending';
  mustChangePassword: boolean;
  roleKeys: string[];
  roleTags: string[];
  /** Everything held through roles and direct grants; empty unless the account is active. */
  permissions: string[];
}

/** The caller of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpError(401, 'NO_TOKEN');
  return request.principal;
}

/** The widest scope at which the caller may do an action, for scoping a query to it. */
export function callerScope(
  request: FastifyRequest,
  action: PermissionAction,
): PermissionScope | undefined {
  return scopeOf(principalOf(request).permissions, action);
}

/** The bearer token of a request, from the Authorization header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const ACCESS_TOKEN_COOKIE = 'accessToken';

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * The one place where access is enforced. `onRoute` refuses to register an API route that
 * does not declare its access; an `onRequest` hook (before the body is even read) checks the
 * token, the session, the account and the permissions of every call.
 */
export function registerAccessControl(
  app: FastifyInstance,
  { db, signer }: { db: Db; signer: TokenSigner },
): void {
  app.decorateRequest('principal', null);
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      declared.push({
        method: String(method),
        url: route.url,
        access: route.config?.access,
        endpoint: route.config?.endpoint,
        schema: route.schema,
      });
    }
    if (!isApiUrl(route.url) || route.config?.access) return;
    throw new Error(
      `${String(route.method)} ${route.url} declares no access: name it in the contract's endpoint table and register it with route(…)`,
    );
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) {
      // Not-found answers and the app's static files carry no declaration; an API route
      // always does (onRoute above), so this never opens one.
      return;
    }
    if (access.kind === 'public') return;

    const token =
      bearerToken(request) ??
      (config.tokenFromCookie ? request.cookies[ACCESS_TOKEN_COOKIE] : undefined);
    if (!token) throw new HttpError(401, 'NO_TOKEN');
    const invalid = config.invalidTokenCode ?? 'INVALID_TOKEN';
    const verified = await signer.verifyAccessToken(token);
    if (!verified.ok) throw new HttpError(401, invalid);
    const principal = await loadPrincipal(db, verified.claims);
    if (!principal) throw new HttpError(401, invalid);
    request.principal = principal;

    if (access.kind === 'signedIn') return;
    if (principal.mustChangePassword) throw new HttpError(403, 'PASSWORD_CHANGE_REQUIRED');
    if (access.roleTag && !principal.roleTags.includes(access.roleTag)) {
      throw new HttpError(403, 'FORBIDDEN');
    }
    if (!hasAnyPermission(principal.permissions, access.permissions)) {
      throw new HttpError(403, 'FORBIDDEN');
    }
  });
}
