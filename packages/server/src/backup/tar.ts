import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A gzip-compressed tar file of regular files (POSIX ustar), written and read as streams so a
 * large database never has to fit in memory. Plain tar so an administrator can look inside with
 * `tar tzf`; only what a backup needs (regular files, names up to 255 bytes, sizes under 8 GB).
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

export interface EntryDigest {
  name: string;
  size: number;
  sha256: string;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** Splits a long name into ustar's prefix (up to 155 bytes) and name (up to 100) at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at);
    const base = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`Name too long for the archive: ${name}`);
}

function header(name: string, size: number, mode: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new Error(`${name} is too large for the archive (${size} bytes)`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(mode, 8), 100, 8, 'ascii');
  block.write(octal(0, 8), 108, 8, 'ascii');
  block.write(octal(0, 8), 116, 8, 'ascii');
  block.write(octal(size, 12), 124, 12, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Writes entries one after the other into a new .tar.gz file, hashing each on the way. */
export class TarGzWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly output: fs.WriteStream;
  private readonly done: Promise<void>;

  /** Creates `file` with `mode` (0600 for an archive holding keys); it must not exist. */
  constructor(
    private readonly file: string,
    mode: number,
  ) {
    this.output = fs.createWriteStream(file, { flags: 'wx', mode });
    this.gzip.pipe(this.output);
    this.done = finished(this.output);
    // Surfaced by `finish`; without a listener an early failure would crash the process.
    this.done.catch(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  /** Adds one file from memory or from a file on disk; answers its size and SHA-256. */
  async add(name: string, source: Buffer | { path: string }, mode = 0o600): Promise<EntryDigest> {
    const hash = crypto.createHash('sha256');
    if (Buffer.isBuffer(source)) {
      await this.write(header(name, source.length, mode, new Date()));
      hash.update(source);
      await this.write(source);
      await this.write(padding(source.length));
      return { name, size: source.length, sha256: hash.digest('hex') };
    }
    const stat = await fs.promises.stat(source.path);
    await this.write(header(name, stat.size, mode, stat.mtime));
    let size = 0;
    for await (const chunk of fs.createReadStream(source.path) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > stat.size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (size !== stat.size) throw new Error(`${source.path} changed while it was being archived`);
    await this.write(padding(size));
    return { name, size, sha256: hash.digest('hex') };
  }

  /** Ends the archive and flushes it to the disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
    const handle = await fs.promises.open(this.file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Stops writing after a failure (the caller removes the file). */
  abort(): void {
    this.gzip.destroy();
    this.output.destroy();
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Exactly `count` bytes, or fewer at the end of the stream. */
  async read(count: number): Promise<Buffer> {
    await this.fill(count);
    const all = Buffer.concat(this.buffered);
    const taken = all.subarray(0, count);
    const rest = all.subarray(count);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  /** `count` bytes as a series of chunks; throws when the stream ends first. */
  async *chunks(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.length === 0) await this.fill(1);
      if (this.length === 0) throw new Error('The archive is cut short');
      const first = this.buffered[0]!;
      if (first.length <= left) {
        this.buffered.shift();
        this.length -= first.length;
        left -= first.length;
        yield first;
      } else {
        this.buffered[0] = first.subarray(left);
        this.length -= left;
        const piece = first.subarray(0, left);
        left = 0;
        yield piece;
      }
    }
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them all (or not at all) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entries of a .tar.gz file, in order. Throws on a damaged archive. */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  const stream = fs.createReadStream(file).pipe(zlib.createGunzip());
  const reader = new ByteReader(stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (block.length < BLOCK) throw new Error('The archive is cut short');
      if (block.every((byte) => byte === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
      if (stored !== sum) throw new Error('The archive has a damaged header');
      const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
      const type = field(block, 156, 1);
      const prefix = field(block, 345, 155);
      const base = field(block, 0, 100);
      const name = prefix ? `${prefix}/${base}` : base;
      if (!Number.isSafeInteger(size) || size < 0) throw new Error('The archive has a bad size');
      const body = reader.chunks(size);
      if (type === '0' || type === '') {
        yield { name, size, body };
      }
      // Whatever the consumer left unread (or a non-file entry) is skipped.
      for await (const chunk of body) void chunk;
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad > 0 && (await reader.read(pad)).length < pad) {
        throw new Error('The archive is cut short');
      }
    }
  } finally {
    stream.destroy();
  }
}
