import crypto from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type LoginRequest, type SessionUser, type SignupRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { auditLog, refreshTokens, schools, sessions, users } from '../../db/schema.js';
import { writeAudit, type Tx } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-errors.js';
import { settlingAttempts, type Settlement } from '../../lib/rate-limit-store.js';
import { assertPasswordAcceptable } from '../../lib/password-policy.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { toE164 } from '../../lib/phone.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  type TokenSigner,
} from '../../lib/tokens.js';
import {
  type School,
  schoolSettings,
  rowsOf,
  type UserRow,
  noGrants,
  grantRowsOf,
  type GrantRow,
  grantsOf,
  describeSessionUser,
} from './sessions.js';

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
 * The counters of sign-in attempts: `count` adds this attempt to the account's counter (`key`)
 * and to the caller's address's, and refuses it once one is over its limit; `settle` is what a
 * success does to them, in the statement that opens the session.
 */
export interface SignInAttempts {
  count(key: string): Promise<void>;
  settle(key: string): Settlement;
}

/**
 * The key an account's attempts are counted under: the account itself, however the sign-in
 * spelled it (username in any case, email, the phone number in any format), so that every
 * spelling draws on one allowance; without one, the name as the sign-in reads it (a phone
 * number as E.164), so that the spellings of a name that is no account count together too.
 */
function attemptKey(
  school: School | undefined,
  user: UserRow | undefined,
  input: Pick<LoginRequest, 'username' | 'schoolCode'>,
): string {
  if (user) return `login-account:${user.id}`;
  const where = school ? school.id : `?${(input.schoolCode ?? '').toLowerCase()}`;
  const phone =
    school && looksLikePhone(input.username)
      ? toE164(input.username, schoolSettings(school).defaultPhoneCountry)
      : undefined;
  return `login-name:${where}:${phone ?? input.username.toLowerCase()}`;
}

/**
 * Records a refused sign-in in the audit log, as the security event its school's administrators
 * see: to a real account (a wrong password, or the right one of a disabled account), or with a
 * name that is no account (someone trying names). The same single insert either way, so a
 * refusal takes as long whether the account exists or not.
 */
async function recordRefusal(
  db: Db,
  school: School,
  user: UserRow | undefined,
  passwordOk: boolean,
  client: ClientInfo,
): Promise<void> {
  const refusedAs = JSON.stringify({
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  await db.execute(sql`
    insert into ${auditLog} (school_id, actor_id, action, entity, entity_id, after, request_id)
    values (${school.id}, null, ${user && passwordOk ? 'auth.login_disabled' : 'auth.login_failed'},
            'user', ${user?.id ?? null}, ${refusedAs}::jsonb, ${client.requestId ?? null})`);
}

/**
 * Signs a user in with a username, email or phone and a password, and opens a session for the
 * device. The attempt is counted against the account the name resolves to (see `attemptKey`)
 * before the password is checked. Every failure answers the same 'Invalid credentials' after
 * the same work (the same statements, the same hashing, the same audit write), so neither the
 * answer nor its time tells whether the account exists. A disabled account is told so only
 * once the password was right.
 */
export async function login(
  db: Db,
  signer: TokenSigner,
  input: LoginRequest,
  client: ClientInfo,
  attempts?: SignInAttempts,
): Promise<SignedIn> {
  const { school, user } = await findSchoolAndAccount(db, input.schoolCode, input.username);
  const key = attemptKey(school, user, input);
  await attempts?.count(key);
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (school && (!user || !passwordOk || user.status === 'disabled')) {
    await recordRefusal(db, school, user, passwordOk, client);
  }
  if (!user || !school || !passwordOk) throw new HttpError(401, 'INVALID_CREDENTIALS');
  if (user.status === 'disabled') throw new HttpError(403, 'ACCOUNT_DISABLED');
  return openSession(
    db,
    signer,
    user,
    school,
    { ...client, deviceId: input.deviceId },
    { attempts: attempts?.settle(key) },
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

/** The session a refresh keeps open: its id, account and school. */
interface RefreshedSession {
  id: string;
  user_id: string;
  school_id: string;
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). The
 * same token presented again within REFRESH_REUSE_GRACE_SECONDS of its rotation, while its
 * successor is still unused, answers that same successor: two tabs refreshing at once, or a
 * retry after a lost answer, keep the session. Any other use of a rotated token (later, or once
 * its successor was used) is a reuse: someone else may hold the newer one, so the whole session
 * (the token family) is revoked and both holders must sign in again (RFC 9700). The state is the
 * database's, each step one statement, so it holds across server processes.
 */
export async function refresh(
  db: Db,
  signer: TokenSigner,
  token: string,
  client: ClientInfo,
): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
  const hash = hashRefreshToken(token);
  const next = signer.refreshSuccessor(token);
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const userAgent = client.userAgent?.slice(0, 512) ?? null;
  // One statement, atomic on its own: retire the token (only if it is the current one), keep
  // the session alive (only if open and its account not disabled), and issue the next token.
  // Of two at once, the second waits for the first's row lock, then finds the token rotated.
  let [open] = await rowsOf<RefreshedSession>(
    db,
    sql`
    with used as (
      update ${refreshTokens} set rotated_at = now()
      where token_hash = ${hash} and rotated_at is null
      returning session_id
    ), kept as (
      update ${sessions} s
      set last_used_at = now(), expires_at = ${expiresAt.toISOString()}, ip = ${client.ip},
          user_agent = coalesce(${userAgent}, s.user_agent)
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

  if (!open) {
    // The same rotation again, within the grace: the token was rotated moments ago and its
    // successor (the same one, derived again) is still unused, in an open session.
    [open] = await rowsOf<RefreshedSession>(
      db,
      sql`
      with repeated as (
        select used.session_id
        from ${refreshTokens} used
        join ${refreshTokens} successor
          on successor.token_hash = ${next.hash} and successor.session_id = used.session_id
        where used.token_hash = ${hash} and successor.rotated_at is null
          and used.rotated_at > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})
      ), kept as (
        update ${sessions} s
        set last_used_at = now(), ip = ${client.ip},
            user_agent = coalesce(${userAgent}, s.user_agent)
        from repeated, ${users} u
        where s.id = repeated.session_id and u.id = s.user_id and u.status <> 'disabled'
          and s.revoked_at is null and s.expires_at > now()
        returning s.id, s.user_id, s.school_id
      ), audited as (
        insert into ${auditLog} (school_id, actor_id, action, entity, entity_id, after, request_id)
        select school_id, user_id, 'auth.refresh', 'session', id::text,
               '{"repeated": true}'::jsonb, ${client.requestId ?? null}
        from kept
      )
      select id, user_id, school_id from kept`,
    );
  }

  if (!open) {
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
    sub: open.user_id,
    sid: open.school_id,
    sess: open.id,
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

/** No grant rows, in the columns of `grantRowsOf`. */
const noGrantRows = sql`
    select null::text as key, null::text[] as tags, null::boolean as system,
           null::text as permission
    where false`;
