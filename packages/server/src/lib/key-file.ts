import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a key file of the data folder, creating it with `create()` when it is missing. Several
 * server processes sharing the folder may start at once: the file is written beside and linked
 * into place, so it appears whole, the first process to link it wins and every other one reads
 * the winner's key (never a half-written or empty file).
 */
export function readOrCreateKeyFile(file: string, create: () => string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) {
    const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(temporary, create(), { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8');
}
