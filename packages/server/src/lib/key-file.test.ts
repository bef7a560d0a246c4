import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateKeyFile } from './key-file.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleUrl = new URL('./key-file.ts', import.meta.url).href;

describe('a key file of the data folder', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is created once, then read as it is', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-key-file-'));
    const file = path.join(dir, 'nested', 'secret');
    expect(readOrCreateKeyFile(file, () => 'first')).toBe('first');
    expect(readOrCreateKeyFile(file, () => 'second')).toBe('first');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('is the same whole key for processes that start at once', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-key-file-'));
    const file = path.join(dir, 'jwt-secret');
    const script = `
      const { readOrCreateKeyFile } = await import(${JSON.stringify(moduleUrl)});
      const crypto = await import('node:crypto');
      process.stdout.write(readOrCreateKeyFile(${JSON.stringify(file)}, () =>
        crypto.randomBytes(48).toString('base64url')));`;
    const keys = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ['--conditions=@sala/source', '--import', 'tsx', '--input-type=module', '-e', script],
              { cwd: serverRoot, stdio: ['ignore', 'pipe', 'inherit'] },
            );
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${code}`))));
          }),
      ),
    );
    expect(keys[0]).toMatch(/^[\w-]{64}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(fs.readFileSync(file, 'utf8')).toBe(keys[0]);
    expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
  }, 120_000);
});
