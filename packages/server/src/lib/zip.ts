import zlib from 'node:zlib';

/**
 * Why an archive was refused: it is no zip this reader takes, or it holds or unpacks to more
 * than allowed.
 */
export class ZipRefusal extends Error {
  constructor(readonly reason: 'unreadable' | 'too-large') {
    super(`zip ${reason}`);
    this.name = 'ZipRefusal';
  }
}

/** One file of a zip archive as its central directory lists it. */
export interface ZipEntry {
  /** Its name as stored, `\` as `/`, without a leading `/`. */
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  localOffset: number;
}

/** How many bytes the entries unpacked so far may still add up to; shared by several entries. */
export interface UnpackBudget {
  remaining: number;
}

const localSignature = 0x04034b50;
const centralSignature = 0x02014b50;
const endSignature = 0x06054b50;
const unreadable = () => new ZipRefusal('unreadable');

/**
 * The entries of a zip archive from its central directory, by name without case (OOXML part
 * names ignore case). Only sizes needed to find each entry's bytes are read here: what an entry
 * declares it unpacks to is never trusted. Refuses a directory with more than `maxEntries`
 * entries, entries of the same name, and anything that does not lie within the bytes.
 */
export function zipEntries(data: Buffer, maxEntries: number): Map<string, ZipEntry> {
  if (data.length < 22 || data.readUInt32LE(0) !== localSignature) throw unreadable();
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes (its comment).
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === endSignature) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = data.readUInt16LE(end + 10);
  // An archive of a few megabytes has no need of zip64's directory; multi-disk archives aren't read.
  if (count === 0 || count === 0xffff || data.readUInt16LE(end + 4) !== 0) throw unreadable();
  if (count > maxEntries) throw new ZipRefusal('too-large');
  let offset = data.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > end || data.readUInt32LE(offset) !== centralSignature) throw unreadable();
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const next = offset + 46 + nameLength + extraLength + data.readUInt16LE(offset + 32);
    if (next > end) throw unreadable();
    const entry: ZipEntry = {
      name: data
        .subarray(offset + 46, offset + 46 + nameLength)
        .toString('utf8')
        .replace(/\\/g, '/')
        .replace(/^\/+/, ''),
      flags: data.readUInt16LE(offset + 8),
      method: data.readUInt16LE(offset + 10),
      crc: data.readUInt32LE(offset + 16),
      compressedSize: data.readUInt32LE(offset + 20),
      localOffset: data.readUInt32LE(offset + 42),
    };
    readZip64Sizes(
      entry,
      data.readUInt32LE(offset + 24),
      data.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength),
    );
    const key = entry.name.toLowerCase();
    if (entries.has(key)) throw unreadable();
    entries.set(key, entry);
    offset = next;
  }
  return entries;
}

/** Fields at 0xFFFFFFFF are in the entry's zip64 extra field, in this order, when present. */
function readZip64Sizes(entry: ZipEntry, declaredSize: number, extra: Buffer) {
  const wide = [declaredSize, entry.compressedSize, entry.localOffset].map(
    (value) => value === 0xffffffff,
  );
  if (!wide.includes(true)) return;
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      const field = extra.subarray(at + 4, at + 4 + size);
      let read = 0;
      const next = () => {
        if (read + 8 > field.length) throw unreadable();
        const value = Number(field.readBigUInt64LE(read));
        read += 8;
        return value;
      };
      if (wide[0]) next(); // the declared unpacked size, not used
      if (wide[1]) entry.compressedSize = next();
      if (wide[2]) entry.localOffset = next();
      return;
    }
    at += 4 + size;
  }
  throw unreadable();
}

/**
 * Unpacks one entry, counting what it really gives against `budget` and stopping as soon as it
 * passes it (too-large): its declared size plays no part. Answers its bytes as the chunks they
 * came in. Refuses encrypted entries, methods other than stored and deflate, bytes outside the
 * archive and a wrong CRC.
 */
export async function unpackEntry(
  data: Buffer,
  entry: ZipEntry,
  budget: UnpackBudget,
): Promise<Buffer[]> {
  const at = entry.localOffset;
  if ((entry.flags & 0x0001) !== 0 || at + 30 > data.length) throw unreadable();
  if (data.readUInt32LE(at) !== localSignature) throw unreadable();
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressedSize > data.length) throw unreadable();
  const packed = data.subarray(start, start + entry.compressedSize);

  const chunks: Buffer[] = [];
  let crc = 0;
  const take = (chunk: Buffer) => {
    budget.remaining -= chunk.length;
    if (budget.remaining < 0) throw new ZipRefusal('too-large');
    crc = zlib.crc32(chunk, crc);
    chunks.push(chunk);
  };
  if (entry.method === 0) {
    for (let i = 0; i < packed.length; i += 64 * 1024) take(packed.subarray(i, i + 64 * 1024));
  } else if (entry.method === 8) {
    // Iterating the stream pulls one output chunk at a time; leaving the loop by a throw
    // destroys the inflater, so nothing past the budget is ever unpacked.
    const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    inflater.end(packed);
    try {
      for await (const chunk of inflater) take(chunk as Buffer);
    } catch (error) {
      if (error instanceof ZipRefusal) throw error;
      throw unreadable();
    }
  } else {
    throw unreadable();
  }
  if (crc >>> 0 !== entry.crc >>> 0) throw unreadable();
  return chunks;
}
