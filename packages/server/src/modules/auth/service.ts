import crypto from 'node:crypto';
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  builtInRoles,
  schoolSettingsSchema,
  type AccessTokenClaims,
  type LoginRequest,
  type SessionUser,
  type SignupRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  refreshTokens,
  rolePermissions,
  roles,
  schools,
  sessions,
  userPermissions,
  userRoles,
  users,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Tx } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-errors.js';
import { settlingAttempts, type Settlement } from '../../lib/rate-limit-store.js';
import { assertPasswordAcceptable } from '../../lib/password-policy.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { toE164 } from '../../lib/phone.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  type TokenSigner,
} from '../../lib/tokens.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  deviceId?: string | undefined;
  /** The request's id, kept with the audit row. */
  requestId?: string | undefined;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: SessionUser;
}

type School = typeof schools.$inferSelect;

/** The school a sign-in is for: the one named by its code, or the only one there is. */
export async function findSchool(db: Db, schoolCode: string | undefined) {
  if (schoolCode) {
    const [school] = await db
      .select()
      .from(schools)
      .where(sql`lower(${schools.code}) = lower(${schoolCode})`);
    return school;
  }
  const found = await db.select().from(schools).limit(2);
  if (found.length > 1) throw new HttpError(400, 'SCHOOL_REQUIRED');
  return found[0];
}

export function schoolSettings(school: Pick<School, 'settings'>) {
  return schoolSettingsSchema.parse(school.settings ?? {});
}

/** Whether a sign-in name could be a phone number (then the school's country reads it). */
const looksLikePhone = (login: string) => /^\+?[\d\s().-]{6,}$/.test(login);

/** The account a sign-in names by phone number (any format), in the school's country. */
async function findAccountByPhone(db: Db, school: School, login: string) {
  const phone = toE164(login, schoolSettings(school).defaultPhoneCountry);
  if (!phone) return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, school.id), eq(users.phone, phone)))
    .limit(1);
  return user;
}

/**
 * The school a sign-in is for (the one named by its code, or the only one there is) and the
 * account it names by username or email, in one round trip; by phone number, a second one
 * (reading a number needs the school's country).
 */
async function findSchoolAndAccount(db: Db, schoolCode: string | undefined, login: string) {
  const rows = await db
    .select({ school: schools, user: users })
    .from(schools)
    .leftJoin(
      users,
      and(
        eq(users.schoolId, schools.id),
        or(
          sql`lower(${users.username}) = lower(${login})`,
          sql`lower(${users.email}) = lower(${login})`,
        ),
      ),
    )
    .where(schoolCode ? sql`lower(${schools.code}) = lower(${schoolCode})` : undefined)
    // A school gives at most two rows (one account by username, another by email): a third
    // row means a second school, which a sign-in without a code cannot choose between.
    .limit(3);
  const school = rows[0]?.school;
  if (!school) return { school: undefined, user: undefined };
  if (rows.some((row) => row.school.id !== school.id)) throw new HttpError(400, 'SCHOOL_REQUIRED');
  const user =
    rows.find((row) => row.user)?.user ??
    (looksLikePhone(login) ? await findAccountByPhone(db, school, login) : undefined);
  return { school, user: user ?? undefined };
}

/** Rows of a raw statement, the same on PGlite and node-postgres. */
async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type UserRow = typeof users.$inferSelect;

/**
 * Opens a session for a device and answers the tokens and the user. The session, its first
 * refresh token, its audit row and the last sign-in time are written, and the account's grants
 * read, by one statement (atomic on its own): one round trip to the database, not five.
 */
async function openSession(
  db: Db,
  signer: TokenSigner,
  user: UserRow,
  school: School,
  client: ClientInfo,
  { tx, attempts }: { tx?: Tx; attempts?: Settlement } = {},
): Promise<SignedIn> {
  const refresh = newRefreshToken();
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const userAgent = client.userAgent?.slice(0, 512) ?? null;
  const signedInAs = JSON.stringify({
    deviceId: client.deviceId ?? null,
    userAgent,
    ip: client.ip,
  });
  const grantRows = await rowsOf<GrantRow>(
    tx ?? db,
    sql`
    with opened as (
      insert into ${sessions} (id, school_id, user_id, device_id, user_agent, ip, expires_at)
      values (${sessionId}, ${user.schoolId}, ${user.id}, ${client.deviceId ?? null},
              ${userAgent}, ${client.ip}, ${expiresAt.toISOString()})
      returning id, school_id, user_id
    ), token as (
      insert into ${refreshTokens} (token_hash, session_id, school_id)
      select ${refresh.hash}, id, school_id from opened
    ), audited as (
      insert into ${auditLog} (school_id, actor_id, action, entity, entity_id, after, request_id)
      select school_id, user_id, 'auth.login', 'session', id::text, ${signedInAs}::jsonb,
             ${client.requestId ?? null}
      from opened
    ), signed_in as (
      update ${users} set last_login_at = now() where id = ${user.id}
    )${attempts ? sql`, ${settlingAttempts(attempts)}` : sql``}
    ${user.status === 'active' ? grantRowsOf(user.schoolId, user.id) : noGrantRows}`,
  );

  const accessToken = await signer.signAccessToken({
    sub: user.id,
    sid: user.schoolId,
    sess: sessionId,
  });
  return {
    accessToken,
    refreshToken: refresh.token,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    user: describeSessionUser(
      user,
      school,
      user.status === 'active' ? grantsOf(grantRows) : noGrants,
    ),
  };
}

/**
 * Signs a user in with a username, email or phone and a password, and opens a session for the
 * device. Every failure answers the same 'Invalid credentials' after the same work, so the
 * answer does not tell whether the account exists. A disabled account is told so only once
 * the password was right. `attempts`: the throttling counters a success settles, in the
 * statement that opens the session.
 */
export async function login(
  db: Db,
  signer: TokenSigner,
  input: LoginRequest,
  client: ClientInfo,
  attempts?: Settlement,
): Promise<SignedIn> {
  const { school, user } = await findSchoolAndAccount(db, input.schoolCode, input.username);
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (user && school && (!passwordOk || user.status === 'disabled')) {
    // A refused sign-in to a real account is a security event its administrators can see.
    await writeAudit(
      db,
      { schoolId: school.id, userId: null, requestId: client.requestId ?? null },
      {
        action: passwordOk ? 'auth.login_disabled' : 'auth.login_failed',
        entity: 'user',
        entityId: user.id,
        after: { ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null },
      },
    );
  }
  if (!user || !school || !passwordOk) throw new HttpError(401, 'INVALID_CREDENTIALS');
  if (user.status === 'disabled') throw new HttpError(403, 'ACCOUNT_DISABLED');
  return openSession(
    db,
    signer,
    user,
    school,
    { ...client, deviceId: input.deviceId },
    { attempts },
  );
}

/**
 * The spec's signup, when the school allows it: the account is created `pending`, holds no
 * role and no permission until an administrator approves it, and is signed in at once.
 */
export async function signup(
  db: Db,
  signer: TokenSigner,
  input: SignupRequest,
  client: ClientInfo & { requestId: string },
): Promise<SignedIn> {
  const school = await findSchool(db, input.schoolCode);
  if (!school) throw new HttpError(400, 'REGISTRATION_FAILED', { schoolCode: ['NOT_FOUND'] });
  const settings = schoolSettings(school);
  if (!settings.allowSignup) throw new HttpError(403, 'SIGNUP_DISABLED');
  assertPasswordAcceptable(input.password, 'password', {
    username: input.username,
    schoolCode: school.code,
    email: input.email,
  });
  const phone = input.phone ? toE164(input.phone, settings.defaultPhoneCountry) : undefined;
  if (input.phone && !phone)
    throw new HttpError(400, 'INVALID_PHONE', { phone: ['INVALID_PHONE'] });

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          schoolId: school.id,
          username: input.username,
          email: input.email?.toLowerCase() ?? null,
          phone: phone ?? null,
          nameKm: input.nameKm,
          nameEn: input.nameEn,
          status: 'pending',
          passwordHash,
          passwordChangedAt: new Date(),
        })
        .returning();
      if (!created) throw new HttpError(400, 'REGISTRATION_FAILED');
      await writeAudit(
        tx,
        { schoolId: school.id, userId: created.id, requestId: client.requestId },
        { action: 'user.signup', entity: 'user', entityId: created.id, after: created },
      );
      return openSession(
        db,
        signer,
        created,
        school,
        { ...client, deviceId: input.deviceId },
        { tx },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'REGISTRATION_FAILED', { username: ['ACCOUNT_EXISTS'] });
    }
    throw error;
  }
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). A
 * token that was already rotated is a reuse: someone else may hold the newer one, so the
 * whole session (the token family) is revoked and both holders must sign in again (RFC 9700).
 */
export async function refresh(
  db: Db,
  signer: TokenSigner,
  token: string,
  client: ClientInfo,
): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
  const hash = hashRefreshToken(token);
  const next = newRefreshToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  // One statement, atomic on its own: retire the token (only if it is the current one), keep
  // the session alive (only if open and its account not disabled), and issue the next token.
  const [open] = await rowsOf<{ id: string; user_id: string; school_id: string }>(
    db,
    sql`
    with used as (
      update ${refreshTokens} set rotated_at = now()
      where token_hash = ${hash} and rotated_at is null
      returning session_id
    ), kept as (
      update ${sessions} s
      set last_used_at = now(), expires_at = ${expiresAt.toISOString()}, ip = ${client.ip},
          user_agent = coalesce(${client.userAgent?.slice(0, 512) ?? null}, s.user_agent)
      from used, ${users} u
      where s.id = used.session_id and u.id = s.user_id and u.status <> 'disabled'
        and s.revoked_at is null and s.expires_at > now()
      returning s.id, s.user_id, s.school_id
    ), issued as (
      insert into ${refreshTokens} (token_hash, session_id, school_id)
      select ${next.hash}, id, school_id from kept
    ), audited as (
      insert into ${auditLog} (school_id, actor_id, action, entity, entity_id, request_id)
      select school_id, user_id, 'auth.refresh', 'session', id::text, ${client.requestId ?? null}
      from kept
    )
    select id, user_id, school_id from kept`,
  );
  const outcome = open
    ? {
        ok: true as const,
        session: { id: open.id, userId: open.user_id, schoolId: open.school_id },
      }
    : { ok: false as const };

  if (!outcome.ok) {
    // Unknown, expired, or reused. A reuse revokes the family the token belonged to.
    const [known] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    if (known) {
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, known.sessionId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id, schoolId: sessions.schoolId, userId: sessions.userId });
        if (revoked) {
          await writeAudit(
            tx,
            { schoolId: revoked.schoolId, userId: null, requestId: client.requestId ?? null },
            {
              action: 'auth.refresh_reused',
              entity: 'session',
              entityId: revoked.id,
              after: { userId: revoked.userId, ip: client.ip, revoked: true },
            },
          );
        }
      });
    }
    throw new HttpError(401, 'TOKEN_REFRESH_FAILED');
  }
  const accessToken = await signer.signAccessToken({
    sub: outcome.session.userId,
    sid: outcome.session.schoolId,
    sess: outcome.session.id,
  });
  return { accessToken, refreshToken: next.token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** Ends a session, found by its id (from the access token) or by its refresh token. */
export async function logout(
  db: Db,
  where: { schoolId: string; sessionId: string } | { refreshToken: string },
  requestId?: string,
): Promise<void> {
  let sessionId: string | undefined;
  let schoolId: string | undefined;
  if ('refreshToken' in where) {
    const [known] = await db
      .select({ sessionId: refreshTokens.sessionId, schoolId: refreshTokens.schoolId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(where.refreshToken)));
    sessionId = known?.sessionId;
    schoolId = known?.schoolId;
  } else {
    ({ sessionId, schoolId } = where);
  }
  if (!sessionId || !schoolId) return;
  const ended = { schoolId, sessionId };
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.schoolId, ended.schoolId),
          eq(sessions.id, ended.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ userId: sessions.userId });
    if (closed) {
      await writeAudit(
        tx,
        { schoolId: ended.schoolId, userId: closed.userId, requestId: requestId ?? null },
        { action: 'auth.logout', entity: 'session', entityId: ended.sessionId },
      );
    }
  });
}

/** Revokes every open session of a user, but `keep` (the caller's own, on a password change). */
export async function revokeUserSessions(
  tx: Tx,
  schoolId: string,
  userId: string,
  keep?: string,
): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.schoolId, schoolId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Every permission the admin (system) role holds: each action at its widest scope. */
const systemPermissions = builtInRoles.admin.permissions;

const noGrants = {
  roleKeys: [] as string[],
  roleTags: [] as string[],
  permissions: [] as string[],
};

/**
 * A user's roles (keys and tags) and permissions, through their roles and direct grants, in
 * one round trip. An account that is not active holds nothing.
 */
export async function loadGrants(
  db: Tx,
  schoolId: string,
  userId: string,
  status: UserRow['status'] = 'active',
) {
  if (status !== 'active') return noGrants;
  return grantsOf(await rowsOf<GrantRow>(db, grantRowsOf(schoolId, userId)));
}

/** The grant rows of a user: their roles, their roles' permissions and their own grants. */
function grantRowsOf(schoolId: string, userId: string): SQL {
  return sql`
    select r.key, r.tags, r.system, null::text as permission
      from ${userRoles} ur join ${roles} r on r.id = ur.role_id
      where ur.school_id = ${schoolId} and ur.user_id = ${userId}
    union all
    select null, null, null, rp.permission
      from ${rolePermissions} rp join ${userRoles} ur on ur.role_id = rp.role_id
      where ur.school_id = ${schoolId} and ur.user_id = ${userId}
    union all
    select null, null, null, up.permission
      from ${userPermissions} up
      where up.school_id = ${schoolId} and up.user_id = ${userId}`;
}

/** No grant rows, in the columns of `grantRowsOf`. */
const noGrantRows = sql`
    select null::text as key, null::text[] as tags, null::boolean as system,
           null::text as permission
    where false`;

/** A grant row: a role (key, tags, system) or a permission held. */
interface GrantRow {
  key: string | null;
  tags: string[] | null;
  system: boolean | null;
  permission: string | null;
}

/** Roles and permissions from grant rows (the system role holds every permission). */
function grantsOf(rows: readonly GrantRow[]) {
  const roleRows = rows.filter((row) => row.key !== null);
  const held = new Set(rows.flatMap((row) => (row.permission ? [row.permission] : [])));
  if (roleRows.some((role) => role.system)) for (const p of systemPermissions) held.add(p);
  return {
    roleKeys: roleRows.map((role) => role.key!).sort(),
    roleTags: [...new Set(roleRows.flatMap((role) => role.tags ?? []))].sort(),
    permissions: [...held].sort(),
  };
}

/**
 * The caller behind an access token: its session must be open and its account not disabled.
 * A pending account is signed in but holds nothing until an administrator approves it.
 */
export async function loadPrincipal(
  db: Db,
  claims: AccessTokenClaims,
): Promise<Principal | undefined> {
  // One round trip on every signed-in request: the session and its account, with the account's
  // grant rows when it is active (the same rows as loadGrants), or one row without them.
  const rows = await rowsOf<
    GrantRow & {
      status: UserRow['status'];
      must_change_password: boolean;
      revoked: boolean;
      expires_ms: number;
    }
  >(
    db,
    sql`
    select u.status, u.must_change_password, s.revoked_at is not null as revoked,
           (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
           g.key, g.tags, g.system, g.permission
    from ${sessions} s
    join ${users} u on u.id = s.user_id and u.school_id = ${claims.sid}
    left join lateral (
      select r.key, r.tags, r.system, null::text as permission
        from ${userRoles} ur join ${roles} r on r.id = ur.role_id
        where ur.school_id = ${claims.sid} and ur.user_id = ${claims.sub}
      union all
      select null, null, null, rp.permission
        from ${rolePermissions} rp join ${userRoles} ur on ur.role_id = rp.role_id
        where ur.school_id = ${claims.sid} and ur.user_id = ${claims.sub}
      union all
      select null, null, null, up.permission
        from ${userPermissions} up
        where up.school_id = ${claims.sid} and up.user_id = ${claims.sub}
    ) g on u.status = 'active'
    where s.id = ${claims.sess} and s.school_id = ${claims.sid} and s.user_id = ${claims.sub}`,
  );
  const row = rows[0];
  if (!row || row.revoked || Number(row.expires_ms) <= Date.now()) return undefined;
  if (row.status === 'disabled') return undefined;
  const grants = row.status === 'active' ? grantsOf(rows) : noGrants;
  return {
    userId: claims.sub,
    schoolId: claims.sid,
    sessionId: claims.sess,
    status: row.status,
    mustChangePassword: row.must_change_password,
    ...grants,
  };
}

/**
 * The signed-in user as the client sees it, scoped to their school. `principal`: the caller as
 * the access hook loaded them in this request, whose grants are used instead of reading them
 * again (when the account's status is still the one they were loaded for).
 */
export async function loadSessionUser(
  db: Tx,
  schoolId: string,
  userId: string,
  principal?: Pick<Principal, 'status' | 'roleKeys' | 'roleTags' | 'permissions'>,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users, school: schools })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId)));
  if (!row) return undefined;
  const grants =
    principal && principal.status === row.user.status
      ? {
          roleKeys: principal.roleKeys,
          roleTags: principal.roleTags,
          permissions: principal.permissions,
        }
      : await loadGrants(db, schoolId, userId, row.user.status);
  return describeSessionUser(row.user, row.school, grants);
}

function describeSessionUser(
  user: UserRow,
  school: School,
  grants: Awaited<ReturnType<typeof loadGrants>>,
): SessionUser {
  return {
    id: user.id,
    username: user.username,
    nameKm: user.nameKm,
    nameEn: user.nameEn,
    email: user.email,
    phone: user.phone,
    locale: user.locale,
    digits: user.digits,
    gender: user.gender,
    avatarFileId: user.avatarFileId,
    status: user.status,
    mustChangePassword: user.mustChangePassword,
    school: {
      id: school.id,
      code: school.code,
      nameKm: school.nameKm,
      nameEn: school.nameEn,
      logoFileId: school.logoFileId,
    },
    roles: grants.roleKeys,
    roleTags: grants.roleTags,
    permissions: grants.permissions,
  };
}
