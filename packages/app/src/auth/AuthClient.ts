import {
  hasAnyPermission,
  type LoginRequest,
  type LoginResponse,
  type SessionUser,
  type SignupRequest,
} from '@sala/contract';
import type { ApiErrorCode, HttpClient, HttpResult } from '../api/http.js';
import { cookieSeconds, type TokenStore } from './tokens.js';

/** The thresholds and timers of the spec's sections 4 and 9, in seconds. */
export const authTiming = {
  /** isAuthenticated refreshes when less than this is left. */
  isAuthenticatedRefreshBelow: 300,
  /** checkAuth refreshes when less than this is left. */
  checkAuthRefreshBelow: 1200,
  /** The silent scheduled refresh runs this long before expiry. */
  silentRefreshBefore: 60,
  /** The token refresh timer fires this long before expiry. */
  refreshTimerBefore: 300,
} as const;

export const LOGIN_PATH = '/auths/login';
/** Where a user signed in with a temporary password chooses their own. */
export const PASSWORD_PATH = '/auths/password';

/** The change-password step, coming back to `next` afterwards. */
export function passwordStepPath(next: string): string {
  return `${PASSWORD_PATH}?next=${encodeURIComponent(safeNext(next))}`;
}
const DEVICE_ID_KEY = 'deviceId';

export interface AuthState {
  status: 'anonymous' | 'authenticated';
  user: SessionUser | null;
  permissions: string[];
  /** True while the startup check or a sign-in is running. */
  isLoading: boolean;
  /** When the access token was last refreshed (ms since epoch). */
  lastRefreshAt: number | null;
  /** When the refresh token expires (ms since epoch). */
  refreshTokenExpiresAt: number | null;
  deviceId: string;
  /** Set when the user signed out on purpose: sign-in then keeps no `next` to come back to. */
  signedOut: boolean;
}

/** Why a sign-in failed: a code the screen translates, and the server's own message. */
export interface AuthFailure {
  ok: false;
  code: ApiErrorCode;
  message: string;
  fieldErrors?: Record<string, string[]>;
}
export type AuthOutcome = { ok: true } | AuthFailure;

export interface AuthClientDeps {
  http: HttpClient;
  tokens: TokenStore;
  /** In-app navigation (the router). */
  navigate: (to: string) => void;
  /** A full page load, when the app's state cannot be trusted any more. */
  hardRedirect: (to: string) => void;
  /** The current path and query, kept as `next` when a session ends. */
  currentPath: () => string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  randomId?: () => string;
}

/**
 * The spec's login failure messages (section 8), as codes: 401 the server's or Invalid
 * credentials, 400 the server's or Validation error, 5xx Server error, else the server's or
 * Login failed.
 */
export function loginFailure(result: Extract<HttpResult<unknown>, { ok: false }>): AuthFailure {
  const fromServer = result.code !== 'UNKNOWN';
  let code: ApiErrorCode;
  if (result.status === 0) code = 'NETWORK';
  else if (result.status >= 500) code = 'SERVER_ERROR';
  else if (result.status === 401) code = fromServer ? result.code : 'INVALID_CREDENTIALS';
  else if (result.status === 400) code = fromServer ? result.code : 'VALIDATION_ERROR';
  else code = fromServer ? result.code : 'LOGIN_FAILED';
  return {
    ok: false,
    code,
    message: result.message,
    ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
  };
}

/** The only safe return targets after sign-in are paths of this site. */
export function safeNext(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * The session in the browser, as the spec's section 4 describes it: startup from the access-token
 * cookie, sign-in and sign-out, one refresh at a time, the 401 retry, and the expiry timers. The
 * refresh token is the server's `HttpOnly` cookie, sent with the auth calls by the browser: the
 * app never holds it where script could read it.
 */
export class AuthClient {
  private state: AuthState;
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<boolean> | undefined;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private readonly now: () => number;
  /**
   * The temporary password the user has just signed in with, kept in memory only until they
   * have chosen their own, so the change-password step does not ask them to type it again.
   */
  private temporaryPassword: string | undefined;
  /** From the sign-out's start to the next sign-in: no call that needs a session goes out. */
  private signingOut = false;

  constructor(private readonly deps: AuthClientDeps) {
    this.now = deps.now ?? Date.now;
    this.state = {
      status: deps.tokens.accessToken() ? 'authenticated' : 'anonymous',
      user: null,
      permissions: [],
      isLoading: false,
      lastRefreshAt: null,
      refreshTokenExpiresAt: null,
      deviceId: this.ensureDeviceId(),
      signedOut: false,
    };
    deps.http.setAuthHooks({
      refreshAfter401: (sentWith) => this.refreshAfter401(sentWith),
      unauthorized: () => this.sessionEnded(),
      passwordChangeRequired: () => this.passwordChangeRequired(),
      signingOut: () => this.signingOut,
    });
    // A refresh token an earlier version left in a script-readable cookie is removed at once.
    deps.tokens.forgetLegacyRefreshToken();
  }

  // --- state ---------------------------------------------------------------------------------

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(patch: Partial<AuthState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private ensureDeviceId(): string {
    let id = this.deps.storage.getItem(DEVICE_ID_KEY);
    if (!id) {
      id = this.deps.randomId?.() ?? crypto.randomUUID();
      this.deps.storage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  }

  /**
   * The spec's permission check: passes if nothing is required or any one is held (a held wider
   * scope counts for a narrower one: `users.read:school` opens what needs `users.read:own`).
   */
  hasPermission(required: readonly string[] = []): boolean {
    return hasAnyPermission(this.state.permissions, required);
  }

  /** Whether the signed-in user has a role tag (e.g. `teacher`) or is an administrator. */
  hasRoleTag(tag: string): boolean {
    const user = this.state.user;
    return !!user && (user.roleTags.includes(tag) || user.roles.includes('admin'));
  }

  // --- startup -------------------------------------------------------------------------------

  /** Startup: authenticated if an access-token cookie exists, then the user is fetched; failure logs out. */
  async init(): Promise<void> {
    if (!this.deps.tokens.accessToken()) {
      this.setState({ status: 'anonymous', isLoading: false });
      return;
    }
    this.setState({ status: 'authenticated', isLoading: true });
    const result = await this.deps.http.send('postProfile');
    if (result.ok) {
      this.setUser(result.data.user);
      this.setState({ isLoading: false });
      this.scheduleTimers();
    } else if (result.status === 0) {
      // Offline at startup: keep the session, the user stays signed in and retries later.
      this.setState({ isLoading: false });
    } else {
      await this.logout();
    }
  }

  private setUser(user: SessionUser) {
    this.signingOut = false;
    this.setState({ status: 'authenticated', user, permissions: user.permissions });
  }

  /** Refreshes the signed-in user's record (after a profile change). */
  async reloadUser(): Promise<void> {
    const result = await this.deps.http.send('postProfile');
    if (result.ok) this.setUser(result.data.user);
  }

  // --- sign in / up / out --------------------------------------------------------------------

  /** Keeps the access token; the refresh token stays in the server's `HttpOnly` cookie only. */
  private storeSignIn(response: LoginResponse) {
    this.deps.tokens.setAccessToken(response.accessToken, cookieSeconds.accessAtLogin);
    this.setUser(response.user);
    this.setState({
      isLoading: false,
      lastRefreshAt: this.now(),
      refreshTokenExpiresAt: this.now() + cookieSeconds.refresh * 1000,
      signedOut: false,
    });
    this.scheduleTimers();
  }

  /** Signs in: clears the old tokens, posts the credentials, stores the tokens and goes to `next`. */
  async login(
    credentials: Pick<LoginRequest, 'username' | 'password' | 'schoolCode'>,
    next?: string | null,
  ): Promise<AuthOutcome> {
    this.clearAuth();
    this.setState({ isLoading: true });
    const result = await this.deps.http.send(
      'postLogin',
      { body: { ...credentials, deviceId: this.state.deviceId } },
      { skipAuthRetry: true },
    );
    if (!result.ok) {
      this.clearAuth();
      return loginFailure(result);
    }
    this.storeSignIn(result.data);
    if (result.data.user.mustChangePassword) {
      // A temporary password (a new account, or one an administrator reset): the user chooses
      // their own first, then goes where they were going.
      this.temporaryPassword = credentials.password;
      this.deps.navigate(passwordStepPath(safeNext(next)));
    } else {
      this.deps.navigate(safeNext(next));
    }
    return { ok: true };
  }

  /**
   * The server refused a call until the user changes their temporary password: the session
   * says so, and the app's routes send the user to the change-password step.
   */
  private passwordChangeRequired() {
    const user = this.state.user;
    if (user && !user.mustChangePassword) this.setUser({ ...user, mustChangePassword: true });
  }

  /** Whether the change-password step already knows the temporary password (just signed in). */
  knowsTemporaryPassword(): boolean {
    return this.temporaryPassword !== undefined;
  }

  /**
   * Changes the signed-in user's password (the server then signs out their other devices). The
   * current password is the one given, else the temporary one just signed in with.
   */
  async changePassword(input: {
    currentPassword?: string;
    newPassword: string;
  }): Promise<AuthOutcome> {
    const currentPassword = input.currentPassword ?? this.temporaryPassword ?? '';
    const result = await this.deps.http.send('postPassword', {
      body: { currentPassword, newPassword: input.newPassword },
    });
    if (!result.ok) {
      return {
        ok: false,
        code: result.code,
        message: result.message,
        ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
      };
    }
    this.temporaryPassword = undefined;
    const user = this.state.user;
    if (user) this.setUser({ ...user, mustChangePassword: false });
    return { ok: true };
  }

  async signup(input: Omit<SignupRequest, 'deviceId'>): Promise<AuthOutcome> {
    this.clearAuth();
    this.setState({ isLoading: true });
    const result = await this.deps.http.send(
      'postSignup',
      { body: { ...input, deviceId: this.state.deviceId } },
      { skipAuthRetry: true },
    );
    if (!result.ok) {
      this.clearAuth();
      const failure = loginFailure(result);
      return failure.code === 'LOGIN_FAILED'
        ? { ...failure, code: 'REGISTRATION_FAILED' }
        : failure;
    }
    this.storeSignIn(result.data);
    this.deps.navigate('/');
    return { ok: true };
  }

  /**
   * Signs out: tells the server (which ends the session of the access token, else of its refresh
   * cookie, and deletes that cookie), clears everything, goes to sign in (a full reload if the
   * call failed).
   */
  async logout(): Promise<void> {
    const token = this.deps.tokens.accessToken();
    this.signingOut = true;
    const result = await this.deps.http.send(
      'postLogout',
      { body: token ? { token } : {} },
      { skipAuthRetry: true },
    );
    this.clearAuth();
    this.setState({ signedOut: true });
    if (result.ok || result.status === 401) this.deps.navigate(LOGIN_PATH);
    else this.deps.hardRedirect(LOGIN_PATH);
  }

  /** Forgets the session in the browser: tokens, user, permissions, timers. */
  clearAuth() {
    this.clearTimers();
    this.temporaryPassword = undefined;
    this.deps.tokens.clear();
    this.refreshing = undefined;
    this.setState({
      status: 'anonymous',
      user: null,
      permissions: [],
      isLoading: false,
      lastRefreshAt: null,
      refreshTokenExpiresAt: null,
    });
  }

  /** The session is over (refresh failed after a 401): sign in again, coming back here. */
  private sessionEnded() {
    const here = this.deps.currentPath();
    this.clearAuth();
    if (here.startsWith(LOGIN_PATH)) return;
    this.deps.navigate(`${LOGIN_PATH}?next=${encodeURIComponent(here)}`);
  }

  // --- refresh -------------------------------------------------------------------------------

  /** Refreshes the access token; only one refresh runs at a time. Failure clears the session. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh('refresh_token').finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** The silent scheduled refresh: POST /api/auth/refresh, which also gives expiresIn. */
  private silentRefresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh('silent').finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * One refresh: the browser sends the server's refresh cookie, which the server rotates in its
   * answer. The refresh token in the answer's body is left alone.
   */
  private async runRefresh(kind: 'refresh_token' | 'silent'): Promise<boolean> {
    const result = await this.deps.http.send(
      kind === 'silent' ? 'postRefresh' : 'postRefreshToken',
      { body: {} },
      { skipAuthRetry: true },
    );
    if (!result.ok) {
      // Offline: keep the session, try again later; otherwise the session is over.
      if (result.status !== 0) this.clearAuth();
      return false;
    }
    this.deps.tokens.setAccessToken(
      result.data.accessToken,
      kind === 'silent' ? cookieSeconds.accessAfterSilentRefresh : cookieSeconds.accessAfterRefresh,
    );
    this.setState({
      lastRefreshAt: this.now(),
      refreshTokenExpiresAt: this.now() + cookieSeconds.refresh * 1000,
    });
    this.scheduleTimers();
    return true;
  }

  /**
   * A call sent with `sentWith` was refused. If that token has been replaced since it was sent (a
   * refresh here, or in another tab: the access cookie is shared), the call is retried with the
   * new one and no refresh is made. Refreshing again would rotate the refresh token a second time,
   * and a tab still presenting the first one would then be treated as a reuse, ending the session.
   */
  private async refreshAfter401(sentWith: string | undefined): Promise<boolean> {
    if (this.state.status !== 'authenticated') return false;
    if (this.deps.currentPath().startsWith(LOGIN_PATH)) return false;
    if (this.refreshing) return this.refreshing;
    const current = this.deps.tokens.accessToken();
    if (current && current !== sentWith) return true;
    return this.refresh();
  }

  /** Seconds left on the access token; undefined without a readable one. */
  secondsLeft(): number | undefined {
    const exp = this.deps.tokens.accessExpiry();
    return exp === undefined ? undefined : exp - this.now() / 1000;
  }

  /** No access token: false. Expiring within 5 minutes: refresh first. */
  async isAuthenticated(): Promise<boolean> {
    if (!this.deps.tokens.accessToken()) return false;
    const left = this.secondsLeft();
    if (left !== undefined && left < authTiming.isAuthenticatedRefreshBelow) return this.refresh();
    return true;
  }

  /**
   * No token: logout. Expiring within 20 minutes: refresh (with the server's refresh cookie).
   * Otherwise verify on the server; a 401 triggers a refresh.
   */
  async checkAuth(): Promise<boolean> {
    const token = this.deps.tokens.accessToken();
    if (!token) {
      await this.logout();
      return false;
    }
    const left = this.secondsLeft();
    if (left !== undefined && left < authTiming.checkAuthRefreshBelow) return this.refresh();
    const result = await this.deps.http.send(
      'postVerifyToken',
      { body: { accessToken: token } },
      { skipAuthRetry: true },
    );
    if (result.ok) {
      this.setUser(result.data.user);
      return true;
    }
    if (result.status === 401) return this.refresh();
    return false;
  }

  // --- timers --------------------------------------------------------------------------------

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** When each timer fires next (ms since epoch), for the support page. */
  timerSchedule():
    { autoLogoutAt: number; silentRefreshAt: number; refreshTimerAt: number } | undefined {
    const exp = this.deps.tokens.accessExpiry();
    if (exp === undefined) return undefined;
    return {
      autoLogoutAt: exp * 1000,
      silentRefreshAt: (exp - authTiming.silentRefreshBefore) * 1000,
      refreshTimerAt: (exp - authTiming.refreshTimerBefore) * 1000,
    };
  }

  /** Auto-logout at expiry, silent refresh a minute before, refresh timer 5 minutes before. */
  private scheduleTimers() {
    this.clearTimers();
    const schedule = this.timerSchedule();
    if (!schedule) return;
    const at = (when: number, run: () => void) => {
      this.timers.push(setTimeout(run, Math.max(0, when - this.now())));
    };
    at(schedule.refreshTimerAt, () => void this.refresh());
    at(schedule.silentRefreshAt, () => void this.silentRefresh());
    at(schedule.autoLogoutAt, () => {
      // Still expired at the deadline (no refresh succeeded): the session is over.
      const left = this.secondsLeft();
      if (left === undefined || left <= 0) void this.logout();
    });
  }

  /** Stops the timers (when the app unmounts). */
  dispose() {
    this.clearTimers();
    this.listeners.clear();
  }
}
