import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite's data folder may be opened by one process only: two would each keep their own copy of
 * the database in memory and overwrite each other's files. The server, `npm run backup` and
 * `npm run restore` each hold this lock file of the data folder while they have it open; a lock
 * whose process is gone (killed, machine restarted) is taken over.
 */

export type LockHolder = 'server' | 'backup' | 'restore';

interface LockContent {
  pid: number;
  hostname: string;
  holder: LockHolder;
  since: string;
  /** The kernel's id of this boot (Linux): a lock from before the machine restarted is stale. */
  bootId?: string;
}

/** This boot's id, where the system tells it (Linux); undefined elsewhere. */
function currentBootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the lock file and the server's control socket (owner only). */
export function runDir(dataDir: string): string {
  return path.join(dataDir, 'run');
}

/** Creates `dir` for its owner only; its parents, when missing, as usual. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export function lockFile(dataDir: string): string {
  return path.join(runDir(dataDir), 'sala.lock');
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockContent,
  ) {
    const who =
      owner.holder === 'server' ? 'a running Sala server' : `another "npm run ${owner.holder}"`;
    super(
      `The data folder ${dataDir} is in use by ${who} (process ${owner.pid} on ${owner.hostname}, ` +
        `since ${owner.since}). Only one process may open the embedded database at a time` +
        (owner.holder === 'server' ? ': stop the server first.' : ': wait for it to finish.') +
        (owner.hostname === os.hostname()
          ? ''
          : ` If that process is surely gone, remove ${lockFile(dataDir)}.`),
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the lock, when a live process does. */
export function lockOwner(dataDir: string): LockContent | undefined {
  let content: LockContent;
  try {
    content = JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')) as LockContent;
  } catch {
    return undefined;
  }
  // Left before the machine restarted (a power cut): whatever holds that pid now is not Sala.
  const bootId = currentBootId();
  if (content.bootId && bootId && content.bootId !== bootId) return undefined;
  if (content.hostname !== os.hostname()) return content;
  // A process started again after a crash may reuse the recorded pid (pid 1 in a container).
  if (content.pid === process.pid || !alive(content.pid)) return undefined;
  return content;
}

export interface DataDirLock {
  release(): void;
}

/** Takes the data folder's lock or throws DataDirBusyError; released on exit at the latest. */
export function lockDataDir(dataDir: string, holder: LockHolder): DataDirLock {
  makePrivateDir(runDir(dataDir));
  const file = lockFile(dataDir);
  const content: LockContent = {
    pid: process.pid,
    hostname: os.hostname(),
    holder,
    since: new Date().toISOString(),
    bootId: currentBootId(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(content), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockOwner(dataDir);
      if (owner) throw new DataDirBusyError(dataDir, owner);
      if (attempt > 2) throw error;
      // Left by a process that is gone.
      fs.rmSync(file, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as LockContent;
      if (current.pid === process.pid && current.since === content.since) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return { release };
}
