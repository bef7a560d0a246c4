import crypto from 'node:crypto';
import path from 'node:path';
import { readOrCreateKeyFile } from '../../lib/key-file.js';

/**
 * Secrets at rest (bot tokens): AES-256-GCM under the server's secret key, sealed as
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The key is SALA_SECRET_KEY (base64 of 32
 * bytes) or, without it, the file `secret.key` in the data directory, created on first use.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'secret.key';

function decodeKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (!key || key.length !== KEY_BYTES) {
    throw new Error(
      `${where} must be ${KEY_BYTES} random bytes in base64 (for example the output of ` +
        '`openssl rand -base64 32`)',
    );
  }
  return key;
}

/**
 * The key that seals secrets: SALA_SECRET_KEY when set, else `<dataDir>/secret.key` (created
 * with mode 0600 when missing, then reused). Throws when neither is available.
 */
export function loadSecretKey(
  dataDir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Buffer {
  const fromEnv = env.SALA_SECRET_KEY;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return decodeKey(fromEnv, 'SALA_SECRET_KEY');
  if (!dataDir) {
    throw new Error(
      'No secret key: set SALA_SECRET_KEY (base64 of 32 bytes) or DATA_DIR, where the key file ' +
        `${KEY_FILE} is kept`,
    );
  }
  const file = path.join(dataDir, KEY_FILE);
  // Whichever process starts first writes the key; the others read it.
  const stored = readOrCreateKeyFile(
    file,
    () => `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`,
  );
  return decodeKey(stored, file);
}

/** Encrypts and authenticates `plain` under `key`. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', iv, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Decrypts what sealSecret made; throws when it was altered or sealed under another key. */
export function openSecret(key: Buffer, sealed: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('Not a sealed secret');
  const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
  if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) throw new Error('Not a sealed secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv!, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag!);
  try {
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('The sealed secret cannot be opened: altered, or sealed under another key');
  }
}
