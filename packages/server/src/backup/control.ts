import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BackupResult } from './backup.js';
import { makePrivateDir, runDir } from './lock.js';

/**
 * While the server has the embedded database open, `npm run backup` asks it to write the backup
 * instead of opening the database a second time. The request goes through a Unix socket in the
 * data folder's `run/` folder (mode 0700): only the account that owns the data folder, which can
 * read the database files anyway, can reach it; nothing is added to the HTTP API.
 */

/** Longest socket path the operating systems accept (sun_path, less its final zero). */
const MAX_SOCKET_PATH = 103;

export function controlSocket(dataDir: string): string {
  return path.join(runDir(dataDir), 'control.sock');
}

interface BackupRequest {
  command: 'backup';
  file: string;
}

type BackupAnswer = ({ ok: true } & BackupResult) | { ok: false; message: string };

/** Reads one line of JSON from the socket. */
function readLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end !== -1) {
        socket.off('data', onData);
        resolve(text.slice(0, end));
      } else if (text.length > 1_000_000) reject(new Error('request too long'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('the connection closed before an answer')));
  });
}

export interface ControlServer {
  close(): Promise<void>;
}

/**
 * Listens on the data folder's control socket; `backup(file)` writes a backup. Answers
 * undefined (and the CLI refuses to open the database) when the path is too long for a socket.
 */
export async function listenForBackupRequests(
  dataDir: string,
  backup: (file: string) => Promise<BackupResult>,
  log: { warn(details: object, message: string): void },
): Promise<ControlServer | undefined> {
  const file = controlSocket(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(
      { socket: file },
      'the data folder path is too long for the backup socket: stop the server to run npm run backup',
    );
    return undefined;
  }
  makePrivateDir(runDir(dataDir));
  fs.chmodSync(runDir(dataDir), 0o700);
  // Left by a server that stopped without closing it (this process holds the data folder's lock).
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    void (async () => {
      let answer: BackupAnswer;
      try {
        const request = JSON.parse(await readLine(socket)) as BackupRequest;
        if (request.command !== 'backup' || typeof request.file !== 'string') {
          throw new Error('unknown request');
        }
        if (!path.isAbsolute(request.file) || !request.file.endsWith('.tar.gz')) {
          throw new Error('the backup file must be an absolute path ending in .tar.gz');
        }
        const result = await backup(request.file);
        // The summary only: the list of entries may be long.
        answer = { ok: true, ...result, manifest: { ...result.manifest, entries: [] } };
      } catch (error) {
        answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(file, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/**
 * Asks the server running on the data folder to write a backup into `file`. Answers undefined
 * when no server listens there.
 */
export async function askServerToBackUp(
  dataDir: string,
  file: string,
): Promise<BackupResult | undefined> {
  const socketFile = controlSocket(dataDir);
  if (!fs.existsSync(socketFile)) return undefined;
  const socket = net.connect(socketFile);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    socket.destroy();
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const request: BackupRequest = { command: 'backup', file };
    socket.write(`${JSON.stringify(request)}\n`);
    const answer = JSON.parse(await readLine(socket)) as BackupAnswer;
    if (!answer.ok)
      throw new Error(`The running server could not write the backup: ${answer.message}`);
    const { ok: _ok, ...result } = answer;
    return result;
  } finally {
    socket.destroy();
  }
}
