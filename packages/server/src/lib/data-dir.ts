import fs from 'node:fs';
import path from 'node:path';

/** The permission bits of the group and of other accounts. */
const OPEN_BITS = 0o077;

/** A data folder that belongs to another account, or holds what this one cannot make private. */
export class DataDirOwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirOwnerError';
  }
}

function ignoreMissing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}

/**
 * Makes `dir` (created when missing) and everything under it the private property of the account
 * running Sala: the group's and other accounts' permissions are taken away (files 0600, folders
 * 0700). The data folder holds the embedded database, whose tables and write-ahead log hold the
 * password hashes, the keys that sign sign-ins and seal the Telegram bot tokens, the uploads and
 * the backups. A folder that belongs to another account is refused (DataDirOwnerError) before
 * anything in it is changed, and so is one holding an entry this account does not own and that
 * others may read: Sala cannot vouch for files it does not own. Symbolic links are not followed.
 * Answers how many entries were made private, and how many of those other accounts could really
 * reach (every folder above them open to them too): a file PGlite wrote 0666 inside the private
 * data folder was closed, not exposed. Does nothing but create the folder where accounts have no
 * numeric ids (Windows).
 */
export function makeDataDirPrivate(dir: string): { closed: number; exposed: number } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.();
  if (uid === undefined) return { closed: 0, exposed: 0 };
  const root = fs.statSync(dir);
  if (root.uid !== uid) {
    throw new DataDirOwnerError(
      `The data folder ${dir} belongs to another account (uid ${root.uid}) than the one running ` +
        `Sala (uid ${uid}). It holds the database, its keys and the uploads, which must be ` +
        `readable by their owner only. Run Sala as the folder's owner, give the folder to this ` +
        `account (chown -R ${uid} ${dir}), or set DATA_DIR to a folder of its own.`,
    );
  }
  const open: { file: string; mode: number }[] = [];
  const foreign: string[] = [];
  let exposed = 0;
  /** Whether others may pass through a folder: search rights for the group or other accounts. */
  const passable = (stat: fs.Stats) => (stat.mode & 0o011) !== 0;
  const check = (file: string, stat: fs.Stats, reachable: boolean) => {
    if ((stat.mode & OPEN_BITS) === 0) return;
    if (reachable) exposed += 1;
    if (stat.uid === uid) open.push({ file, mode: stat.mode & 0o7777 & ~OPEN_BITS });
    else foreign.push(file);
  };
  check(dir, root, true);
  const folders: [string, boolean][] = [[dir, passable(root)]];
  for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
    const [folder, reachable] = next;
    let entries: fs.Dirent[] | undefined;
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      entries = ignoreMissing(error);
    }
    for (const entry of entries ?? []) {
      if (entry.isSymbolicLink()) continue;
      const file = path.join(folder, entry.name);
      let stat: fs.Stats | undefined;
      try {
        stat = fs.lstatSync(file);
      } catch (error) {
        stat = ignoreMissing(error);
      }
      if (!stat) continue;
      check(file, stat, reachable);
      if (stat.isDirectory()) folders.push([file, reachable && passable(stat)]);
    }
  }
  if (foreign.length > 0) {
    throw new DataDirOwnerError(
      `The data folder ${dir} holds ${foreign.length} files or folders of another account that ` +
        `other accounts may read (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}). ` +
        `Give them to the account running Sala (chown -R ${uid} ${dir}) and start it again.`,
    );
  }
  for (const { file, mode } of open) {
    try {
      fs.chmodSync(file, mode);
    } catch (error) {
      ignoreMissing(error);
    }
  }
  return { closed: open.length, exposed };
}
