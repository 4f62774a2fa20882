import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming zip writer over node:zlib (PKWARE APPNOTE 6.3.x), for "download all"
 * (core/models/download-files.ts). Node has zlib loaded already, so this costs nothing at a Lambda's
 * cold start, where fflate's module initialisation (its Huffman tables) cost ~11 ms.
 *
 * Each entry is deflated (method 8) as it streams, with general-purpose flags 0x0808: bit 3, the CRC
 * and sizes follow the data in a data descriptor (they are not known when the local header is
 * written), and bit 11, names are UTF-8. The archive is a pull stream (`Readable.from` over an async
 * generator): nothing is read from an entry's body until the consumer wants more bytes, so memory
 * stays bounded (a few 64 KiB pieces in flight, plus ~100 bytes of central directory record per
 * entry) and backpressure is respected. A failing entry body, or an entry too large for its format, destroys the stream with
 * the error.
 *
 * Zip64. Whether an entry is zip64 must be decided before its data is written: its local header and
 * data descriptor say so. An entry whose expected uncompressed size (`ZipEntry.size`) is at least
 * `zip64Threshold` is zip64: a zip64 extra field in its local header and 8-byte sizes in its data
 * descriptor. Any other entry, including one of unknown size, is zip32, and the stream fails with a
 * `ZipLimitError` if its real sizes reach 0xFFFFFFFF. Offsets and the central directory switch to
 * zip64 records by themselves when they overflow (nothing has to be known in advance for them).
 */

/** Values at or above this do not fit a 4-byte field (0xFFFFFFFF itself means "see the zip64 field"). */
export const ZIP32_LIMIT = 0xffffffff;
/** Entry counts at or above this do not fit the end record's 2-byte fields (0xFFFF means "see zip64"). */
export const ZIP32_ENTRY_LIMIT = 0xffff;
/** What deflate may add to incompressible data, with room to spare: see ZIP64_THRESHOLD. */
const deflateMargin = (size: number) => Math.ceil(size / 1000) + 64 * 1024;
/**
 * Expected sizes at or above this make an entry zip64. Its uncompressed size must fit a 4-byte field,
 * and so must its compressed size, which is larger for incompressible data: zlib's deflateBound for
 * raw deflate with the default window and memLevel is n + (n >> 12) + (n >> 14) + (n >> 25) + 7 (stored
 * blocks, ~0.03 % + a few bytes). The threshold leaves 0.1 % + 64 KiB: it is the smallest n for which
 * n + deflateMargin(n) reaches 0xFFFFFFFF (4,290,611,147: 4.2 MiB under the limit).
 */
export const ZIP64_THRESHOLD = smallestSizeBeyond(ZIP32_LIMIT);

function smallestSizeBeyond(limit: number): number {
  let n = Math.floor((limit - 64 * 1024) / 1.001);
  while (n + deflateMargin(n) < limit) n++;
  while (n > 0 && n - 1 + deflateMargin(n - 1) >= limit) n--;
  return n;
}

export interface ZipEntry {
  /** The name in the archive, as given ('/' separators; UTF-8 encoded; at most 65,535 bytes). */
  name: string;
  /** The entry's bytes, streamed (an S3 body...). Strings are taken as UTF-8. */
  body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /** Expected uncompressed size in bytes when known: decides whether the entry is zip64. */
  size?: number;
  /** Modification time; default `ZipOptions.date`. */
  date?: Date;
}

export interface ZipOptions {
  /** Deflate level (default 6). */
  level?: number;
  /** Modification time of the entries that give none (default: when the stream is created). */
  date?: Date;
  /** Expected sizes at or above this make an entry zip64 (default ZIP64_THRESHOLD). */
  zip64Threshold?: number;
  /**
   * Sizes and offsets at or above this are written to zip64 fields (default 0xFFFFFFFF, the real
   * limit); a zip32 entry that reaches it fails. Tests lower it to exercise zip64 with small data.
   */
  zip32Limit?: number;
  /** Entry counts at or above this need the zip64 end records (default 0xFFFF). */
  zip32EntryLimit?: number;
}

/** An entry too large for the format chosen before its data was written. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** Bit 3 (data descriptor) and bit 11 (UTF-8 names). */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION_ZIP32 = 20;
const VERSION_ZIP64 = 45;
/** Made by UNIX (high byte 3), so that external attributes hold a mode. */
const MADE_BY_UNIX = 0x0300;
/** A regular file, rw-r--r--, in the high 16 bits. */
const REGULAR_FILE_ATTRS = 0o100644 * 0x10000;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Central directory records are yielded in batches of about this many bytes. */
const BATCH_BYTES = 64 * 1024;
/** Body bytes are written to zlib in pieces of at least this size (but for an entry's last). */
const WRITE_BYTES = 64 * 1024;

/** The archive of `entries`, in order; each body is read only when the archive reaches it. */
export function zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions = {},
): Readable {
  return Readable.from(writeArchive(entries, options), { objectMode: false, highWaterMark: 64 * 1024 });
}

interface Central {
  name: Buffer;
  zip64: boolean;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  uncompressed: number;
  offset: number;
}

async function* writeArchive(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions,
): AsyncGenerator<Buffer> {
  const level = options.level ?? 6;
  const defaultDate = options.date ?? new Date();
  const zip64Threshold = options.zip64Threshold ?? ZIP64_THRESHOLD;
  const limit = options.zip32Limit ?? ZIP32_LIMIT;
  const entryLimit = options.zip32EntryLimit ?? ZIP32_ENTRY_LIMIT;
  const records: Central[] = [];
  let offset = 0;

  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length > MAX_16) throw new ZipLimitError(`Zip entry name too long: ${entry.name.slice(0, 80)}…`);
    const zip64 = entry.size !== undefined && entry.size >= zip64Threshold;
    const { time, date } = dosDateTime(entry.date ?? defaultDate);
    const record: Central = { name, zip64, time, date, crc: 0, compressed: 0, uncompressed: 0, offset };

    const header = localHeader(record);
    offset += header.length;
    yield header;

    const tooLarge = (what: string, size: number) =>
      new ZipLimitError(
        `Zip entry "${entry.name}" reached ${size} bytes ${what}: too large for a zip32 entry (limit ` +
          `${limit - 1}); give its size in advance so that it is written as zip64.`,
      );
    const deflate = createDeflateRaw({ level });
    const take = (bytes: Uint8Array) => {
      record.crc = crc32(bytes, record.crc);
      record.uncompressed += bytes.byteLength;
      if (!zip64 && record.uncompressed >= limit) throw tooLarge('uncompressed', record.uncompressed);
      return bytes;
    };
    const feeding = pipeline(async function* () {
      // Small chunks (TLS delivers 16 KiB) are joined: each write to zlib is a round trip to the
      // thread pool, and 64 KiB writes deflate about twice as fast as 16 KiB ones.
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      for await (const chunk of entry.body) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        if (pendingBytes === 0 && bytes.byteLength >= WRITE_BYTES) {
          yield take(bytes);
          continue;
        }
        pending.push(bytes);
        pendingBytes += bytes.byteLength;
        if (pendingBytes >= WRITE_BYTES) {
          yield take(Buffer.concat(pending, pendingBytes));
          pending = [];
          pendingBytes = 0;
        }
      }
      if (pendingBytes > 0) yield take(Buffer.concat(pending, pendingBytes));
    }, deflate);
    // Awaited below; until then, a failure surfaces through `deflate` (pipeline destroys it).
    feeding.catch(() => undefined);
    for await (const out of deflate as AsyncIterable<Buffer>) {
      record.compressed += out.length;
      if (!zip64 && record.compressed >= limit) throw tooLarge('compressed', record.compressed);
      offset += out.length;
      yield out;
    }
    await feeding;

    const descriptor = dataDescriptor(record);
    offset += descriptor.length;
    yield descriptor;
    records.push(record);
  }

  const directoryOffset = offset;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let directorySize = 0;
  let anyZip64Field = false;
  for (const record of records) {
    const header = centralHeader(record, limit);
    anyZip64Field ||= header.zip64Field;
    batch.push(header.bytes);
    batchBytes += header.bytes.length;
    directorySize += header.bytes.length;
    if (batchBytes >= BATCH_BYTES) {
      yield Buffer.concat(batch);
      batch = [];
      batchBytes = 0;
    }
  }
  if (batch.length > 0) yield Buffer.concat(batch);
  offset += directorySize;

  const count = records.length;
  const zip64End = anyZip64Field || count >= entryLimit || directoryOffset >= limit || directorySize >= limit;
  yield endRecords(count, directorySize, directoryOffset, offset, zip64End, limit, entryLimit);
}

/** MS-DOS date and time (local time, 2-second resolution, years 1980–2107). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = at.getFullYear();
  if (year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function localHeader(r: Central): Buffer {
  const extra = r.zip64 ? 20 : 0;
  const b = Buffer.alloc(30 + r.name.length + extra);
  b.writeUInt32LE(LOCAL_HEADER, 0);
  b.writeUInt16LE(r.zip64 ? VERSION_ZIP64 : VERSION_ZIP32, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(r.time, 10);
  b.writeUInt16LE(r.date, 12);
  // CRC 0 at 14; sizes at 18 and 22: 0 (bit 3: in the data descriptor), but for a zip64 entry
  // 0xFFFFFFFF, which is what says the zip64 field holds them (APPNOTE 4.5.3; CPython does the same).
  if (r.zip64) {
    b.writeUInt32LE(MAX_32, 18);
    b.writeUInt32LE(MAX_32, 22);
  }
  b.writeUInt16LE(r.name.length, 26);
  b.writeUInt16LE(extra, 28);
  r.name.copy(b, 30);
  if (r.zip64) {
    const at = 30 + r.name.length;
    b.writeUInt16LE(0x0001, at);
    b.writeUInt16LE(16, at + 2);
    // Uncompressed and compressed sizes: 0 here, the real ones are in the data descriptor.
  }
  return b;
}

function dataDescriptor(r: Central): Buffer {
  const b = Buffer.alloc(r.zip64 ? 24 : 16);
  b.writeUInt32LE(DATA_DESCRIPTOR, 0);
  b.writeUInt32LE(r.crc, 4);
  if (r.zip64) {
    b.writeBigUInt64LE(BigInt(r.compressed), 8);
    b.writeBigUInt64LE(BigInt(r.uncompressed), 16);
  } else {
    b.writeUInt32LE(r.compressed, 8);
    b.writeUInt32LE(r.uncompressed, 12);
  }
  return b;
}

function centralHeader(r: Central, limit: number): { bytes: Buffer; zip64Field: boolean } {
  // The zip64 field holds, in this order, whichever of these overflow their 4-byte fields.
  const big = [r.uncompressed, r.compressed, r.offset].map((v) => v >= limit);
  const wide = big.filter(Boolean).length;
  const extra = wide > 0 ? 4 + 8 * wide : 0;
  const version = r.zip64 || wide > 0 ? VERSION_ZIP64 : VERSION_ZIP32;
  const b = Buffer.alloc(46 + r.name.length + extra);
  b.writeUInt32LE(CENTRAL_HEADER, 0);
  b.writeUInt16LE(MADE_BY_UNIX | version, 4);
  b.writeUInt16LE(version, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(r.time, 12);
  b.writeUInt16LE(r.date, 14);
  b.writeUInt32LE(r.crc, 16);
  b.writeUInt32LE(big[1] ? MAX_32 : r.compressed, 20);
  b.writeUInt32LE(big[0] ? MAX_32 : r.uncompressed, 24);
  b.writeUInt16LE(r.name.length, 28);
  b.writeUInt16LE(extra, 30);
  // Comment length, disk number start, internal attributes: 0.
  b.writeUInt32LE(REGULAR_FILE_ATTRS, 38);
  b.writeUInt32LE(big[2] ? MAX_32 : r.offset, 42);
  r.name.copy(b, 46);
  if (wide > 0) {
    let at = 46 + r.name.length;
    b.writeUInt16LE(0x0001, at);
    b.writeUInt16LE(8 * wide, at + 2);
    at += 4;
    for (const [i, value] of [r.uncompressed, r.compressed, r.offset].entries()) {
      if (!big[i]) continue;
      b.writeBigUInt64LE(BigInt(value), at);
      at += 8;
    }
  }
  return { bytes: b, zip64Field: wide > 0 };
}

function endRecords(
  count: number,
  directorySize: number,
  directoryOffset: number,
  zip64EndOffset: number,
  zip64: boolean,
  limit: number,
  entryLimit: number,
): Buffer {
  const b = Buffer.alloc((zip64 ? 56 + 20 : 0) + 22);
  let at = 0;
  if (zip64) {
    b.writeUInt32LE(ZIP64_END, 0);
    b.writeBigUInt64LE(44n, 4); // size of the rest of this record
    b.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    b.writeUInt16LE(VERSION_ZIP64, 14);
    // This disk's number and the central directory's: 0 (at 16 and 20).
    b.writeBigUInt64LE(BigInt(count), 24);
    b.writeBigUInt64LE(BigInt(count), 32);
    b.writeBigUInt64LE(BigInt(directorySize), 40);
    b.writeBigUInt64LE(BigInt(directoryOffset), 48);
    b.writeUInt32LE(ZIP64_LOCATOR, 56);
    // Disk holding the zip64 end record: 0 (at 60).
    b.writeBigUInt64LE(BigInt(zip64EndOffset), 64);
    b.writeUInt32LE(1, 72); // total number of disks
    at = 76;
  }
  const entries = count >= entryLimit ? MAX_16 : count;
  b.writeUInt32LE(END, at);
  // This disk's number and the central directory's: 0 (at +4 and +6).
  b.writeUInt16LE(entries, at + 8);
  b.writeUInt16LE(entries, at + 10);
  b.writeUInt32LE(directorySize >= limit ? MAX_32 : directorySize, at + 12);
  b.writeUInt32LE(directoryOffset >= limit ? MAX_32 : directoryOffset, at + 16);
  // Comment length: 0 (at +20).
  return b;
}
