import { z } from 'zod';
import {
  digitStyleSchema,
  genderSchema,
  localeSchema,
  passwordSchema,
  phoneInputSchema,
  plainTextSchema,
} from './common.js';

export const loginRequestSchema = z.object({
  /** A username, an email or a phone number. */
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  /** The school's code; required only when the server hosts several schools. */
  schoolCode: z.string().trim().min(1).max(64).optional(),
  /** A random id the browser keeps, so sessions can be listed per device. */
  deviceId: z.string().trim().min(1).max(128).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userStatusValues = ['active', 'disabled', 'pending'] as const;
export type UserStatus = (typeof userStatusValues)[number];
export const userStatusSchema = z.enum(userStatusValues);

export const schoolSummarySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  /** The logo's file id (GET /api/files/:id), or null. */
  logoFileId: z.uuid().nullable(),
});

/** The signed-in user as the client sees it. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locale: localeSchema,
  /** How numbers are written for this user: Latin or Khmer digits. */
  digits: digitStyleSchema,
  gender: genderSchema.nullable(),
  /** The avatar's file id (GET /api/files/:id), or null. */
  avatarFileId: z.uuid().nullable(),
  status: userStatusSchema,
  /** Set after an administrator's password reset: the user must choose a new password first. */
  mustChangePassword: z.boolean(),
  school: schoolSummarySchema,
  /** Keys of the user's roles (e.g. `teacher`). */
  roles: z.array(z.string()),
  /** Tags of the user's roles; the spec's route requirement "role teacher" reads these. */
  roleTags: z.array(z.string()),
  /** Every permission the user holds (roles and direct grants); empty until approved. */
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The spec's login response: success, message, token, accessToken, refreshToken, user. */
export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The same value as accessToken, for clients of the earlier login flow. */
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Whether a name reads as a phone number: digits (of any script) with spaces, brackets, dots,
 * dashes or underscores, six characters or more, perhaps after a `+`. The sign-in tries such a
 * name as a phone number.
 */
export const readsAsPhoneNumber = (name: string) => /^\+?[\p{Nd}\s()._-]{6,}$/u.test(name);

/**
 * A username: letters, digits, dots, dashes and underscores. One that reads as a phone number or
 * an email address is refused: it would take the sign-in of the account whose phone number or
 * email it is (a username is looked up first).
 */
export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .refine((name) => !name.includes('@') && !readsAsPhoneNumber(name), {
    message: 'USERNAME_LIKE_PHONE_OR_EMAIL',
    abort: true,
  })
  .regex(/^[\p{L}\p{N}._-]+$/u);

/** The spec's signup: a new account that waits for an administrator's approval. */
export const signupRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  nameKm: plainTextSchema(200).default(''),
  nameEn: plainTextSchema(200).default(''),
  email: z.email().max(254).optional(),
  phone: phoneInputSchema.optional(),
  schoolCode: z.string().trim().min(1).max(64).optional(),
  deviceId: z.string().trim().min(1).max(128).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupResponseSchema = loginResponseSchema;
export type SignupResponse = LoginResponse;

/** `refresh_token` and `refresh` read the refresh token from the cookie, else from the body. */
export const refreshRequestSchema = z
  .object({ refreshToken: z.string().min(1).max(512).optional() })
  .nullish();

/** POST /api/auth/refresh_token: the spec reads accessToken. */
export const refreshTokenResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  accessToken: z.string(),
  /**
   * The rotated refresh token (the one sent is no longer valid), for a client that sent it in
   * the body. A browser's stays in the HttpOnly cookie, which the answer sets anew.
   */
  refreshToken: z.string().optional(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

/** POST /api/auth/refresh (the silent scheduled refresh): also the access token's lifetime. */
export const refreshResponseSchema = refreshTokenResponseSchema.extend({
  expiresIn: z.number().int().positive(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /api/auth/verify_token: the token in the body, else the bearer header. */
export const verifyTokenRequestSchema = z
  .object({
    accessToken: z.string().min(1).max(4096).optional(),
    token: z.string().min(1).max(4096).optional(),
  })
  .nullish();
export const verifyTokenResponseSchema = z.object({ user: sessionUserSchema });
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

export const logoutRequestSchema = z
  .object({
    token: z.string().max(4096).optional(),
    refreshToken: z.string().max(512).optional(),
  })
  .nullish();

export const logoutResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const profileResponseSchema = z.object({ user: sessionUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Claims of the access token (a JWT). */
export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** school id */
  sid: string;
  /** session id */
  sess: string;
  exp: number;
  iat: number;
}
