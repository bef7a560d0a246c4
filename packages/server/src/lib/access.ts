import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasAnyPermission,
  scopeOf,
  type ErrorCode,
  type Permission,
  type PermissionAction,
  type PermissionScope,
  type RoleTag,
} from '@sala/contract';
import type { Db } from '../db/client.js';
import { loadPrincipal } from '../modules/auth/service.js';
import { HttpError } from './http-errors.js';
import type { TokenSigner } from './tokens.js';

/**
 * What a route asks of its caller. Every API route declares one (see `publicRoute`,
 * `signedIn`, `requires`); a route without it is refused when it is registered.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'permission'; permissions: readonly Permission[]; roleTag?: RoleTag };

export interface RouteAccessConfig {
  access: RouteAccess;
  /** The 401 code for an expired or forged token (the profile call answers SESSION_EXPIRED). */
  invalidTokenCode?: ErrorCode;
  /** Also read the access token from the app's `accessToken` cookie (GET of files, for <img>). */
  tokenFromCookie?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
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

/** Anyone may call it (sign-in, sign-up, token refresh, health). */
export const publicRoute = (): RouteAccessConfig => ({ access: { kind: 'public' } });

/** Any signed-in user of the school may call it, even one waiting for approval. */
export const signedIn = (options: Omit<RouteAccessConfig, 'access'> = {}): RouteAccessConfig => ({
  access: { kind: 'signedIn' },
  ...options,
});

/** The caller must hold any one of these permissions (a wider scope counts for a narrower one). */
export const requires = (...permissions: Permission[]): RouteAccessConfig => ({
  access: { kind: 'permission', permissions },
});

/** The caller must hold a role with this tag (and any one of the permissions, if given). */
export const requiresRoleTag = (tag: RoleTag, ...permissions: Permission[]): RouteAccessConfig => ({
  access: { kind: 'permission', permissions, roleTag: tag },
});

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
        schema: route.schema,
      });
    }
    if (!isApiUrl(route.url) || route.config?.access) return;
    throw new Error(
      `${String(route.method)} ${route.url} declares no access: add publicRoute(), signedIn() or requires(…) to its config`,
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
