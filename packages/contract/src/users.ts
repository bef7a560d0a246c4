import { z } from 'zod';
import {
  genderSchema,
  digitStyleSchema,
  localeSchema,
  pagedSchema,
  pageQuerySchema,
  passwordSchema,
  phoneInputSchema,
  plainTextSchema,
  versionSchema,
} from './common.js';
import { sessionUserSchema, usernameSchema, userStatusSchema } from './auth.js';
import { isPermission } from './permissions.js';

const nameSchema = plainTextSchema(200);

/** A permission string from the catalogue. */
export const permissionSchema = z.string().refine(isPermission, { message: 'UNKNOWN_PERMISSION' });

/** A user as the user-management screens see it. */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: genderSchema.nullable(),
  locale: localeSchema,
  avatarFileId: z.uuid().nullable(),
  status: userStatusSchema,
  mustChangePassword: z.boolean(),
  roles: z.array(
    z.object({ id: z.uuid(), key: z.string(), nameKm: z.string(), nameEn: z.string() }),
  ),
  /** Permissions granted to the user directly, besides their roles'. */
  directPermissions: z.array(z.string()),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Bumped by an edit of the details, roles or direct permissions; an edit names the one it read. */
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });

export const userListQuerySchema = pageQuerySchema.extend({
  /** Matches username, names, email or phone, case-insensitively. */
  search: z.string().trim().max(100).optional(),
  /** A role id. */
  role: z.uuid().optional(),
  status: userStatusSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userListResponseSchema = pagedSchema(userSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  /** A temporary password: the user must change it at first sign-in. */
  password: passwordSchema,
  nameKm: nameSchema.default(''),
  nameEn: nameSchema.default(''),
  email: z.email().max(254).nullish(),
  phone: phoneInputSchema.nullish(),
  gender: genderSchema.nullish(),
  locale: localeSchema.default('km'),
  roleIds: z.array(z.uuid()).max(20).default([]),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z
  .object({
    username: usernameSchema,
    nameKm: nameSchema,
    nameEn: nameSchema,
    email: z.email().max(254).nullable(),
    phone: phoneInputSchema.nullable(),
    gender: genderSchema.nullable(),
    locale: localeSchema,
  })
  .partial()
  .extend({ version: versionSchema })
  .strict();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** Approve a pending account, or disable and enable one. */
export const setUserStatusRequestSchema = z.object({
  status: z.enum(['active', 'disabled']),
});

/** An administrator's password reset: a temporary password the user must change. */
export const resetPasswordRequestSchema = z.object({ temporaryPassword: passwordSchema });

export const setUserRolesRequestSchema = z.object({
  roleIds: z.array(z.uuid()).max(20),
  version: versionSchema,
});
export const setUserPermissionsRequestSchema = z.object({
  permissions: z.array(permissionSchema).max(200),
  version: versionSchema,
});

/** A signed-in device. */
export const sessionSchema = z.object({
  id: z.uuid(),
  deviceId: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session the request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export const userSessionParamsSchema = z.object({ id: z.uuid(), sessionId: z.uuid() });
export const sessionParamsSchema = z.object({ sessionId: z.uuid() });

/** The signed-in user's own changes. */
export const updateProfileRequestSchema = z
  .object({
    nameKm: nameSchema,
    nameEn: nameSchema,
    phone: phoneInputSchema.nullable(),
    gender: genderSchema.nullable(),
    locale: localeSchema,
    digits: digitStyleSchema,
    /** An image uploaded with POST /api/files (purpose avatar), or null to remove it. */
    avatarFileId: z.uuid().nullable(),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const okResponseSchema = z.object({ success: z.literal(true), message: z.string() });
/** Every other device signed out: how many there were. */
export const otherSessionsSignedOutResponseSchema = okResponseSchema.extend({
  signedOut: z.number().int().min(0),
});
export const profileUserResponseSchema = z.object({ user: sessionUserSchema });
