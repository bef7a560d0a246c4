import crypto from 'node:crypto';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AccessTokenClaims } from '@sala/contract';
import { readOrCreateKeyFile } from './key-file.js';

/** Access tokens live 15 minutes; the refresh token renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token lives 7 days from its sign-in or rotation. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long a rotated refresh token still answers its successor (two tabs refreshing at once, a
 * retry after a lost answer); used again later, it is a reuse and ends its session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const ISSUER = 'sala';

/**
 * The HS256 key, built once at start (not per request): from SALA_JWT_SECRET, else from a file
 * in the data directory created on first start, so every process sharing the directory agrees.
 */
export function loadSigningKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Uint8Array {
  const fromEnv = env.SALA_JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SALA_JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  const secret = readOrCreateKeyFile(path.join(dataDir, 'jwt-secret'), () =>
    crypto.randomBytes(48).toString('base64url'),
  );
  return new TextEncoder().encode(secret.trim());
}

export class TokenSigner {
  /** The HMAC key, imported once at start rather than on every sign and verify. */
  private readonly key: Promise<crypto.webcrypto.CryptoKey>;
  /** The key refresh tokens' successors are derived with: from the same secret, for this use only. */
  private readonly successorKey: Buffer;

  constructor(secret: Uint8Array) {
    this.key = crypto.webcrypto.subtle.importKey(
      'raw',
      secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.successorKey = Buffer.from(
      crypto.hkdfSync('sha256', secret, new Uint8Array(0), 'sala refresh token successor', 32),
    );
  }

  /**
   * The refresh token that replaces `token` when it is rotated, and its hash: derived from it
   * with a key of the server's, so that a repeated rotation of the same token (two tabs, a
   * retry) answers the same successor on any server process, and nobody without the key can
   * work out a successor from a token.
   */
  refreshSuccessor(token: string): { token: string; hash: string } {
    const next = crypto.createHmac('sha256', this.successorKey).update(token).digest('base64url');
    return { token: next, hash: hashRefreshToken(next) };
  }

  async signAccessToken(
    claims: Pick<AccessTokenClaims, 'sub' | 'sid' | 'sess'>,
    ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ): Promise<string> {
    return new SignJWT({ sid: claims.sid, sess: claims.sess })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.key);
  }

  /** The token's claims, or the reason it is refused. */
  async verifyAccessToken(
    token: string,
  ): Promise<
    { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' }
  > {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      const { sub, sid, sess, exp, iat } = payload;
      if (
        typeof sub !== 'string' ||
        typeof sid !== 'string' ||
        typeof sess !== 'string' ||
        typeof exp !== 'number' ||
        typeof iat !== 'number'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { sub, sid, sess, exp, iat } };
    } catch (error) {
      return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** A new opaque refresh token and the hash stored in its place. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}
