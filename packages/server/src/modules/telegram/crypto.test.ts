import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretKey, openSecret, sealSecret } from './crypto.js';

const token = '123456789:AAH-secret_token_of_the_school_bot_xyz';

describe('sealed secrets', () => {
  const key = crypto.randomBytes(32);

  it('opens what it sealed, and seals the same text differently each time', () => {
    const first = sealSecret(key, token);
    const second = sealSecret(key, token);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(openSecret(key, first)).toBe(token);
    expect(openSecret(key, second)).toBe(token);
    expect(openSecret(key, sealSecret(key, 'ខ្មែរ'))).toBe('ខ្មែរ');
  });

  it('refuses an altered secret, a wrong key and a malformed one', () => {
    const sealed = sealSecret(key, token);
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      openSecret(key, [version, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow(/cannot be opened/);
    const otherTag = Buffer.from(tag, 'base64url');
    otherTag[3] = otherTag[3]! ^ 0x80;
    expect(() =>
      openSecret(key, [version, iv, otherTag.toString('base64url'), ciphertext].join('.')),
    ).toThrow();
    expect(() => openSecret(crypto.randomBytes(32), sealed)).toThrow(/cannot be opened/);
    expect(() => openSecret(key, `v2.${iv}.${tag}.${ciphertext}`)).toThrow(/Not a sealed secret/);
    expect(() => openSecret(key, token)).toThrow(/Not a sealed secret/);
  });
});

describe('the secret key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is created in the data directory, readable by the owner only, and reused', () => {
    const dir = path.join(tempDir(), 'data');
    const key = loadSecretKey(dir, {});
    expect(key).toHaveLength(32);
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(dir, {}).equals(key)).toBe(true);
    // What one start sealed, the next opens.
    expect(openSecret(loadSecretKey(dir, {}), sealSecret(key, token))).toBe(token);
  });

  it('comes from SALA_SECRET_KEY when set, and then no file is written', () => {
    const dir = tempDir();
    const given = crypto.randomBytes(32);
    const key = loadSecretKey(dir, { SALA_SECRET_KEY: given.toString('base64') });
    expect(key.equals(given)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
    expect(
      loadSecretKey(undefined, { SALA_SECRET_KEY: given.toString('base64url') }).equals(given),
    ).toBe(true);
  });

  it('explains a bad SALA_SECRET_KEY, a bad key file and a missing key', () => {
    expect(() => loadSecretKey(undefined, { SALA_SECRET_KEY: 'c2hvcnQ=' })).toThrow(
      /SALA_SECRET_KEY must be 32 random bytes in base64/,
    );
    expect(() => loadSecretKey(undefined, { SALA_SECRET_KEY: 'not base64 at all!' })).toThrow(
      /SALA_SECRET_KEY must be 32 random bytes/,
    );
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'secret.key'), 'garbage');
    expect(() => loadSecretKey(dir, {})).toThrow(/secret\.key must be 32 random bytes/);
    expect(() => loadSecretKey(undefined, {})).toThrow(/No secret key: set SALA_SECRET_KEY/);
  });
});
