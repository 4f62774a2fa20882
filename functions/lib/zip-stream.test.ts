import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  ZIP32_LIMIT,
  ZIP64_THRESHOLD,
  type ZipEntry,
  ZipLimitError,
  type ZipOptions,
  zipStream,
} from './zip-stream';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const zip = (entries: ZipEntry[], options?: ZipOptions) => collect(zipStream(entries, options));

/** Bodies as S3 gives them: a stream of Buffers. */
const body = (bytes: Buffer, chunk = 64 * 1024): Readable => {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) parts.push(bytes.subarray(at, at + chunk));
  return Readable.from(parts);
};

interface Parsed {
  count: number;
  zip64End: boolean;
  directoryOffset: number;
  entries: {
    name: string;
    madeBy: number;
    versionNeeded: number;
    flags: number;
    method: number;
    time: number;
    date: number;
    crc: number;
    compressed: number;
    uncompressed: number;
    offset: number;
    externalAttrs: number;
    /** Which of uncompressed, compressed, offset came from the central zip64 field. */
    centralZip64: string[];
    local: { versionNeeded: number; flags: number; sizes: [number, number]; zip64Extra: boolean };
    descriptor: { crc: number; compressed: number; uncompressed: number; bytes: number };
    data: Buffer;
  }[];
}

/** An independent reading of the structure, failing on anything out of place. */
function parseZip(z: Buffer): Parsed {
  const end = z.length - 22;
  expect(z.readUInt32LE(end)).toBe(0x06054b50);
  expect(z.readUInt16LE(end + 4)).toBe(0);
  expect(z.readUInt16LE(end + 20)).toBe(0); // no comment
  let count = z.readUInt16LE(end + 10);
  expect(z.readUInt16LE(end + 8)).toBe(count);
  let directorySize = z.readUInt32LE(end + 12);
  let directoryOffset = z.readUInt32LE(end + 16);
  let directoryEnd = end;
  const zip64End = end >= 76 && z.readUInt32LE(end - 20) === 0x07064b50;
  if (zip64End) {
    const at = Number(z.readBigUInt64LE(end - 20 + 8));
    expect(at).toBe(end - 76);
    expect(z.readUInt32LE(end - 20 + 16)).toBe(1);
    expect(z.readUInt32LE(at)).toBe(0x06064b50);
    expect(z.readBigUInt64LE(at + 4)).toBe(44n);
    expect(z.readUInt16LE(at + 14)).toBe(45);
    count = Number(z.readBigUInt64LE(at + 32));
    expect(Number(z.readBigUInt64LE(at + 24))).toBe(count);
    directorySize = Number(z.readBigUInt64LE(at + 40));
    directoryOffset = Number(z.readBigUInt64LE(at + 48));
    directoryEnd = at;
  }
  expect(directoryOffset + directorySize).toBe(directoryEnd);

  const entries: Parsed['entries'] = [];
  let at = directoryOffset;
  let expectedLocal = 0;
  for (let i = 0; i < count; i++) {
    expect(z.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = z.readUInt16LE(at + 28);
    const extraLength = z.readUInt16LE(at + 30);
    expect(z.readUInt16LE(at + 32)).toBe(0); // comment
    const name = z.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const sizes = { uncompressed: z.readUInt32LE(at + 24), compressed: z.readUInt32LE(at + 20) };
    let offset = z.readUInt32LE(at + 42);
    const centralZip64: string[] = [];
    if (extraLength > 0) {
      const extra = at + 46 + nameLength;
      expect(z.readUInt16LE(extra)).toBe(0x0001);
      let field = extra + 4;
      for (const key of ['uncompressed', 'compressed'] as const) {
        if (sizes[key] !== 0xffffffff) continue;
        sizes[key] = Number(z.readBigUInt64LE(field));
        centralZip64.push(key);
        field += 8;
      }
      if (offset === 0xffffffff) {
        offset = Number(z.readBigUInt64LE(field));
        centralZip64.push('offset');
        field += 8;
      }
      expect(field).toBe(extra + extraLength);
      expect(z.readUInt16LE(extra + 2)).toBe(extraLength - 4);
    }

    // The local header, the data and the data descriptor, back to back from the previous entry's.
    expect(offset).toBe(expectedLocal);
    expect(z.readUInt32LE(offset)).toBe(0x04034b50);
    const localNameLength = z.readUInt16LE(offset + 26);
    const localExtraLength = z.readUInt16LE(offset + 28);
    expect(z.subarray(offset + 30, offset + 30 + localNameLength).toString('utf8')).toBe(name);
    expect(z.readUInt32LE(offset + 14)).toBe(0); // CRC: in the descriptor
    const zip64Extra = localExtraLength > 0;
    if (zip64Extra) {
      const extra = offset + 30 + localNameLength;
      expect(localExtraLength).toBe(20);
      expect(z.readUInt16LE(extra)).toBe(0x0001);
      expect(z.readUInt16LE(extra + 2)).toBe(16);
      expect(z.readBigUInt64LE(extra + 4)).toBe(0n);
      expect(z.readBigUInt64LE(extra + 12)).toBe(0n);
    }
    const dataStart = offset + 30 + localNameLength + localExtraLength;
    const dataEnd = dataStart + sizes.compressed;
    expect(z.readUInt32LE(dataEnd)).toBe(0x08074b50);
    const descriptor = zip64Extra
      ? {
          crc: z.readUInt32LE(dataEnd + 4),
          compressed: Number(z.readBigUInt64LE(dataEnd + 8)),
          uncompressed: Number(z.readBigUInt64LE(dataEnd + 16)),
          bytes: 24,
        }
      : {
          crc: z.readUInt32LE(dataEnd + 4),
          compressed: z.readUInt32LE(dataEnd + 8),
          uncompressed: z.readUInt32LE(dataEnd + 12),
          bytes: 16,
        };
    expectedLocal = dataEnd + descriptor.bytes;

    entries.push({
      name,
      madeBy: z.readUInt16LE(at + 4),
      versionNeeded: z.readUInt16LE(at + 6),
      flags: z.readUInt16LE(at + 8),
      method: z.readUInt16LE(at + 10),
      time: z.readUInt16LE(at + 12),
      date: z.readUInt16LE(at + 14),
      crc: z.readUInt32LE(at + 16),
      ...sizes,
      offset,
      externalAttrs: z.readUInt32LE(at + 38),
      centralZip64,
      local: {
        versionNeeded: z.readUInt16LE(offset + 4),
        flags: z.readUInt16LE(offset + 6),
        sizes: [z.readUInt32LE(offset + 22), z.readUInt32LE(offset + 18)],
        zip64Extra,
      },
      descriptor,
      data: z.subarray(dataStart, dataEnd),
    });
    at += 46 + nameLength + extraLength;
  }
  expect(at).toBe(directoryOffset + directorySize);
  expect(expectedLocal).toBe(directoryOffset);
  return { count, zip64End, directoryOffset, entries };
}

/** Checks every entry against its original bytes, through the parsed structure and through fflate. */
function expectContents(z: Buffer, originals: Record<string, Buffer>): Parsed {
  const parsed = parseZip(z);
  expect(parsed.entries.map((e) => e.name)).toEqual(Object.keys(originals));
  for (const entry of parsed.entries) {
    const original = originals[entry.name] as Buffer;
    expect(entry.flags).toBe(0x0808);
    expect(entry.local.flags).toBe(0x0808);
    expect(entry.method).toBe(8);
    expect(entry.crc).toBe(crc32(original));
    expect(entry.descriptor.crc).toBe(entry.crc);
    expect(entry.uncompressed).toBe(original.length);
    expect(entry.descriptor.uncompressed).toBe(original.length);
    expect(entry.descriptor.compressed).toBe(entry.compressed);
    expect(entry.externalAttrs).toBe(0o100644 * 0x10000);
    expect(entry.madeBy >> 8).toBe(3);
    expect(inflateRawSync(entry.data).equals(original)).toBe(true);
  }
  const unzipped = unzipSync(new Uint8Array(z.buffer, z.byteOffset, z.length));
  expect(Object.keys(unzipped).sort()).toEqual(Object.keys(originals).sort());
  for (const [name, original] of Object.entries(originals)) {
    expect(Buffer.from(unzipped[name] as Uint8Array).equals(original)).toBe(true);
  }
  return parsed;
}

const python3 = spawnSync('python3', ['--version']).status === 0;

/** Python's zipfile reading the archive: testzip() names the first bad member, or None. */
function pythonTestzip(z: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'zip-stream-'));
  try {
    const file = join(dir, 'a.zip');
    writeFileSync(file, z);
    const run = spawnSync(
      'python3',
      [
        '-c',
        'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.infolist()))',
        file,
      ],
      { encoding: 'utf8' },
    );
    return `${run.stdout.trim()}${run.stderr.trim()}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('zipStream', () => {
  it('writes an empty archive as a lone 22-byte end record', async () => {
    const z = await zip([]);
    expect(z.length).toBe(22);
    expect(z.readUInt32LE(0)).toBe(0x06054b50);
    expect(parseZip(z)).toMatchObject({ count: 0, zip64End: false, directoryOffset: 0 });
    expect(unzipSync(new Uint8Array(z))).toEqual({});
    if (python3) expect(pythonTestzip(z)).toBe('None 0');
  });

  it('writes one small text file, with its date and the zip32 layout', async () => {
    const text = Buffer.from('Hello, zip!\n'.repeat(20));
    const date = new Date(2024, 4, 17, 13, 45, 31);
    const z = await zip([{ name: 'hello.txt', body: body(text), size: text.length }], { date });
    const [entry] = expectContents(z, { 'hello.txt': text }).entries;
    expect(entry).toMatchObject({
      versionNeeded: 20,
      madeBy: 0x0314,
      offset: 0,
      time: (13 << 11) | (45 << 5) | 15,
      date: (44 << 9) | (5 << 5) | 17,
      centralZip64: [],
      local: { versionNeeded: 20, sizes: [0, 0], zip64Extra: false },
      descriptor: { bytes: 16 },
    });
    expect(entry?.compressed).toBeLessThan(text.length);
  });

  it('writes several files: empty, incompressible, compressible; Python reads them too', async () => {
    const originals = {
      'empty.txt': Buffer.alloc(0),
      'random.bin': randomBytes(3 * 1024 * 1024),
      'repetitive.csv': Buffer.from('id,name,value\n1,alpha,0.5\n'.repeat(200_000)),
      'a/b/c/nested.json': Buffer.from(JSON.stringify({ nested: true })),
    };
    const z = await zip(Object.entries(originals).map(([name, bytes]) => ({ name, body: body(bytes) })));
    const parsed = expectContents(z, originals);
    expect(parsed.count).toBe(4);
    expect(parsed.zip64End).toBe(false);
    const [empty, random, repetitive] = parsed.entries;
    expect(empty?.uncompressed).toBe(0);
    expect(random?.compressed).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    expect(repetitive?.compressed).toBeLessThan(originals['repetitive.csv'].length / 50);
    if (python3) expect(pythonTestzip(z)).toBe('None 4');
  });

  it('keeps unicode names (UTF-8, flag bit 11) and subfolders as given', async () => {
    const originals = {
      'données/été/naïve résumé.txt': Buffer.from('é'),
      '日本語/ファイル 🚀.md': Buffer.from('# 🚀\n'),
      'plain/ascii.txt': Buffer.from('ascii'),
    };
    const z = await zip(Object.entries(originals).map(([name, bytes]) => ({ name, body: [bytes] })));
    expect(z.includes(Buffer.from('日本語/ファイル 🚀.md', 'utf8'))).toBe(true);
    expectContents(z, originals);
  });

  it('streams a body delivered in many small chunks, of bytes and strings', async () => {
    const pieces: (Uint8Array | string)[] = [];
    for (let i = 0; i < 20_000; i++)
      pieces.push(i % 3 === 0 ? `line ${i} ✓\n` : new Uint8Array([i % 256, 10]));
    const original = Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    async function* slow() {
      for (const piece of pieces) yield piece;
    }
    const z = await zip([{ name: 'chunks.bin', body: slow() }]);
    expectContents(z, { 'chunks.bin': original });
  });

  it('reads bodies only as fast as the archive is consumed, and entries one at a time', async () => {
    let pulled = 0;
    let secondOpened = false;
    async function* big() {
      for (let i = 0; i < 200; i++) {
        pulled++;
        yield randomBytes(64 * 1024);
      }
    }
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'big.bin', body: big() };
      secondOpened = true;
      yield { name: 'small.txt', body: [Buffer.from('x')] };
    }
    const stream = zipStream(entries());
    stream.once('readable', () => undefined); // start it without reading
    await sleep(100);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(10);
    expect(secondOpened).toBe(false);
    const z = await collect(stream);
    expect(pulled).toBe(200);
    expect(secondOpened).toBe(true);
    expect(parseZip(z).count).toBe(2);
  });

  it('fails the whole stream when a body fails, and opens no further entry', async () => {
    let thirdOpened = false;
    async function* failing() {
      yield Buffer.from('some bytes');
      await sleep(5);
      throw new Error('S3 connection reset');
    }
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'ok.txt', body: [Buffer.from('fine')] };
      yield { name: 'bad.bin', body: failing() };
      thirdOpened = true;
      yield { name: 'never.txt', body: [Buffer.from('never')] };
    }
    const stream = zipStream(entries());
    await expect(collect(stream)).rejects.toThrow('S3 connection reset');
    expect(stream.destroyed).toBe(true);
    expect(thirdOpened).toBe(false);
  });

  it('fails the stream when a body stream is destroyed with an error, and destroys that body', async () => {
    const source = new Readable({
      read() {
        this.push(randomBytes(1024));
        setImmediate(() => this.destroy(new Error('socket hang up')));
      },
    });
    const stream = zipStream([{ name: 'a.bin', body: source }]);
    await expect(collect(stream)).rejects.toThrow('socket hang up');
    expect(source.destroyed).toBe(true);
  });

  it('destroys the current body when the consumer gives up', async () => {
    const source = body(randomBytes(4 * 1024 * 1024), 16 * 1024);
    const stream = zipStream([{ name: 'a.bin', body: source }]);
    for await (const _chunk of stream) break;
    await sleep(20);
    expect(stream.destroyed).toBe(true);
    expect(source.destroyed).toBe(true);
  });

  it('writes zip64 entries and records when the (injected) limits are reached', async () => {
    const options = { zip64Threshold: 100, zip32Limit: 1000 };
    const originals = {
      'big.bin': randomBytes(5000), // known size ≥ threshold: zip64 entry, sizes over the limit
      'small.txt': Buffer.from('small but after offset 1000'), // zip32 entry; offset over the limit
      'unknown.txt': Buffer.from('size not known'), // zip32 entry
      'declared-big.txt': Buffer.from('declared big, is small'), // zip64 entry; nothing over the limit
    };
    const sizes: Record<string, number | undefined> = {
      'big.bin': 5000,
      'small.txt': 27,
      'unknown.txt': undefined,
      'declared-big.txt': 100,
    };
    const z = await zip(
      Object.entries(originals).map(([name, bytes]) => ({
        name,
        body: body(bytes, 333),
        ...(sizes[name] !== undefined ? { size: sizes[name] } : {}),
      })),
      options,
    );
    const parsed = expectContents(z, originals);
    expect(parsed.zip64End).toBe(true);
    // The classic end record says "see zip64" for the offset only (count and size fit).
    expect(z.readUInt32LE(z.length - 22 + 16)).toBe(0xffffffff);
    expect(z.readUInt16LE(z.length - 22 + 10)).toBe(4);
    const [big, small, unknown, declared] = parsed.entries;
    expect(big).toMatchObject({
      versionNeeded: 45,
      madeBy: 0x032d,
      offset: 0,
      centralZip64: ['uncompressed', 'compressed'],
      local: { versionNeeded: 45, sizes: [0xffffffff, 0xffffffff], zip64Extra: true },
      descriptor: { bytes: 24, uncompressed: 5000 },
    });
    expect(small).toMatchObject({
      versionNeeded: 45,
      centralZip64: ['offset'],
      local: { versionNeeded: 20, sizes: [0, 0], zip64Extra: false },
      descriptor: { bytes: 16 },
    });
    expect(small?.offset).toBeGreaterThan(5000);
    expect(unknown).toMatchObject({ centralZip64: ['offset'], local: { zip64Extra: false } });
    expect(declared).toMatchObject({
      centralZip64: ['offset'],
      local: { versionNeeded: 45, zip64Extra: true },
      descriptor: { bytes: 24 },
    });
    if (python3) expect(pythonTestzip(z)).toBe('None 4');
  });

  it('writes the zip64 end records when the (injected) entry count is reached', async () => {
    const originals = { 'a.txt': Buffer.from('a'), 'b.txt': Buffer.from('b'), 'c.txt': Buffer.from('c') };
    const z = await zip(
      Object.entries(originals).map(([name, bytes]) => ({ name, body: [bytes] })),
      { zip32EntryLimit: 3 },
    );
    const parsed = expectContents(z, originals);
    expect(parsed).toMatchObject({ count: 3, zip64End: true });
    expect(z.readUInt16LE(z.length - 22 + 10)).toBe(0xffff);
    expect(z.readUInt32LE(z.length - 22 + 16)).toBe(parsed.directoryOffset); // the offset still fits
    expect(parsed.entries.every((e) => e.centralZip64.length === 0 && e.versionNeeded === 20)).toBe(true);
    if (python3) expect(pythonTestzip(z)).toBe('None 3');
  });

  it('fails clearly when an entry of unknown (or understated) size outgrows zip32', async () => {
    const options = { zip64Threshold: 100_000, zip32Limit: 1000 };
    const unknown = zip([{ name: 'grows.bin', body: body(Buffer.alloc(5000, 1), 100) }], options);
    await expect(unknown).rejects.toThrow(ZipLimitError);
    await expect(zip([{ name: 'grows.bin', body: [Buffer.alloc(5000, 1)] }], options)).rejects.toThrow(
      /"grows\.bin" reached 5000 bytes uncompressed: too large for a zip32 entry.*give its size/,
    );
    const understated = zip([{ name: 'liar.bin', size: 10, body: [Buffer.alloc(1000)] }], options);
    await expect(understated).rejects.toThrow(/"liar\.bin" reached 1000 bytes uncompressed/);
    // Incompressible data grows when deflated: its compressed size is checked too.
    const random = zip([{ name: 'random.bin', body: [randomBytes(999)] }], options);
    await expect(random).rejects.toThrow(/"random\.bin" reached \d+ bytes compressed/);
  });

  it('makes an entry zip64 from its expected size, with room for deflate to expand it', async () => {
    expect(ZIP64_THRESHOLD).toBeLessThan(ZIP32_LIMIT);
    // zlib's deflateBound (stored blocks) for the largest zip32 entry still fits 4 bytes, with margin.
    const n = ZIP64_THRESHOLD - 1;
    const bound = n + Math.floor(n / 4096) + Math.floor(n / 16384) + Math.floor(n / 2 ** 25) + 7;
    expect(bound).toBeLessThan(ZIP32_LIMIT - 64 * 1024);
    expect(ZIP32_LIMIT - ZIP64_THRESHOLD).toBeLessThan(5 * 1024 * 1024);
    // Real thresholds, small data: an entry declared at the threshold is zip64, just under is not.
    const z = await zip([
      { name: 'at.bin', size: ZIP64_THRESHOLD, body: [Buffer.from('x')] },
      { name: 'under.bin', size: ZIP64_THRESHOLD - 1, body: [Buffer.from('y')] },
    ]);
    const [at, under] = expectContents(z, {
      'at.bin': Buffer.from('x'),
      'under.bin': Buffer.from('y'),
    }).entries;
    expect(at?.local.zip64Extra).toBe(true);
    expect(under?.local.zip64Extra).toBe(false);
  });
});
