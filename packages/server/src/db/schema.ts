import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A school: the tenant every other row belongs to. Its code is the "database code" at sign-in. */
export const schools = pgTable(
  'schools',
  {
    id: id(),
    code: text('code').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** The logo image (files.id); no foreign key, so a school and its files can be created in either order. */
    logoFileId: uuid('logo_file_id'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('schools_code_key').on(sql`lower(${t.code})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    username: text('username').notNull(),
    email: text('email'),
    /** E.164 */
    phone: text('phone'),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    locale: text('locale', { enum: ['en', 'km'] })
      .notNull()
      .default('km'),
    /** Latin or Khmer digits in numbers shown to this user. */
    digits: text('digits', { enum: ['latn', 'khmr'] })
      .notNull()
      .default('latn'),
    gender: text('gender', { enum: ['female', 'male', 'other'] }),
    avatarFileId: uuid('avatar_file_id'),
    status: text('status', { enum: ['active', 'disabled', 'pending'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash').notNull(),
    /** Set by an administrator's password reset; cleared when the user picks their own. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_school_username_key').on(t.schoolId, sql`lower(${t.username})`),
    uniqueIndex('users_school_email_key')
      .on(t.schoolId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_school_phone_key')
      .on(t.schoolId, t.phone)
      .where(sql`${t.phone} is not null`),
  ],
);

/**
 * A signed-in device: one sign-in and the refresh tokens that rotated from it (RFC 9700 calls
 * them a family). Access tokens name the session, so revoking it ends them all at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.schoolId, t.userId)],
);

/**
 * Every refresh token a session was given, kept only as a SHA-256 hash. The current one has no
 * `rotatedAt`; a rotated one presented again is a reuse, and revokes its session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A named bundle of permissions, per school. The `admin` role is the system role. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    key: text('key').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    system: boolean('system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_school_key_key').on(t.schoolId, t.key)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Permissions granted to one user directly, besides their roles'. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/** Who changed what, when, with the record before and after; written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_school_at_idx').on(t.schoolId, t.at),
    index('audit_log_entity_idx').on(t.schoolId, t.entity, t.entityId),
  ],
);

/** An uploaded file; its bytes live in the storage (disk under DATA_DIR by default). */
export const files = pgTable(
  'files',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    purpose: text('purpose', { enum: ['avatar', 'logo', 'student-photo'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_school_idx').on(t.schoolId)],
);

/**
 * Counters of the rate limits (login attempts per account and per address). They live in the
 * database, not in memory, so every server process sharing it counts together.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A role's sidebar menu: the order of the entries and which are hidden (see the contract's
 * `sidebarRoutes`). No row: the default menu. Removed with its role.
 */
export const sidebarLayouts = pgTable(
  'sidebar_layouts',
  {
    roleId: uuid('role_id')
      .primaryKey()
      .references(() => roles.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    entries: jsonb('entries').$type<{ route: string; hidden: boolean }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [index('sidebar_layouts_school_idx').on(t.schoolId)],
);
