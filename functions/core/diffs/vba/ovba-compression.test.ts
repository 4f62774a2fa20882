import { describe, expect, it } from 'vitest';
import { compressOvba, decompressOvba } from './ovba-compression';
import { VbaProjectError } from './vba-project-error';

const LIMIT = { maxBytes: 1 << 20 };

function hex(text: string): Uint8Array {
  return Uint8Array.from(text.trim().split(/\s+/), (pair) => Number.parseInt(pair, 16));
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** A deterministic pseudo-random byte source (xorshift), so failures reproduce. */
function noise(length: number, seed = 0x2545f491): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/**
 * The worked examples of [MS-OVBA] §3.2 (3.2.1 No Compression, 3.2.2 Normal Compression, 3.2.3
 * Maximum Compression), copied from the specification's pages on learn.microsoft.com
 * (office_file_formats/ms-ovba, page b6b8c482-a6bb-45e5-a476-098897a334cb for 3.2.2).
 */
const NO_COMPRESSION = {
  text: 'abcdefghijklmnopqrstuv.',
  compressed: hex('01 19 B0 00 61 62 63 64 65 66 67 68 00 69 6A 6B 6C 6D 6E 6F 70 00 71 72 73 74 75 76 2E'),
};
const NORMAL_COMPRESSION = {
  text: '#aaabcdefaaaaghijaaaaaklaaamnopqaaaaaaaaaaaarstuvwxyzaaa',
  compressed: hex(`
    01 2F B0 00 23 61 61 61 62 63 64 65 82 66 00 70 61 67 68 69 6A 01 38 08 61 6B 6C 00 20 6D 6E 6F
    70 06 71 02 70 04 00 72 73 74 75 76 10 77 78 79 7A 00 2C`),
  /**
   * The same example as printed in the older PDF edition of the specification (quoted in Apache POI's
   * TestRLEDecompressingInputStream and in Beakerboy/MS-OVBA-Compression's Bug.md): three copy tokens
   * point at an earlier, equally long match. It must decompress to the same text.
   */
  olderEdition: hex(`
    01 2F B0 00 23 61 61 61 62 63 64 65 82 66 00 70 61 67 68 69 6A 01 38 08 61 6B 6C 00 30 6D 6E 6F
    70 06 71 02 70 04 10 72 73 74 75 76 10 77 78 79 7A 00 3C`),
};
const MAXIMUM_COMPRESSION = { text: 'a'.repeat(73), compressed: hex('01 03 B0 02 61 45 00') };

describe('MS-OVBA decompression', () => {
  it.each([
    ['3.2.1 no compression', NO_COMPRESSION.compressed, NO_COMPRESSION.text],
    ['3.2.2 normal compression', NORMAL_COMPRESSION.compressed, NORMAL_COMPRESSION.text],
    ['3.2.2 in the older edition', NORMAL_COMPRESSION.olderEdition, NORMAL_COMPRESSION.text],
    ['3.2.3 maximum compression', MAXIMUM_COMPRESSION.compressed, MAXIMUM_COMPRESSION.text],
  ])('decompresses the specification example %s', (_name, compressed, text) => {
    expect(decompressOvba(compressed, LIMIT)).toEqual(ascii(text));
  });

  it('reads a raw (uncompressed) chunk', () => {
    const data = noise(4096);
    const container = new Uint8Array(1 + 2 + 4096);
    container.set([0x01, 0xff, 0x3f]);
    container.set(data, 3);
    expect(decompressOvba(container, LIMIT)).toEqual(data);
  });

  it('decompresses an empty container to nothing', () => {
    expect(decompressOvba(hex('01'), LIMIT)).toEqual(new Uint8Array());
  });

  it.each([
    ['an empty input', hex('')],
    ['a wrong signature byte', hex('02 19 B0 00 61')],
    ['a wrong chunk signature', hex('01 19 C0 00 61')],
    ['a truncated chunk header', hex('01 19')],
    ['a copy token pointing before the chunk', hex('01 03 B0 01 10 00')],
    ['a truncated copy token', hex('01 02 B0 02 61 45')],
  ])('refuses %s with a typed error', (_name, container) => {
    expect(() => decompressOvba(container, LIMIT)).toThrow(VbaProjectError);
    try {
      decompressOvba(container, LIMIT);
    } catch (error) {
      expect((error as VbaProjectError).reason).toBe('corrupt-module');
      expect((error as VbaProjectError).statusCode).toBe(422);
    }
  });

  it('stops a decompression bomb at the limit instead of allocating what it claims', () => {
    // Each chunk of 7 bytes claims 4096 bytes of 'a': 1000 chunks claim 4 MB from 7 kB.
    const chunk = compressOvba(new Uint8Array(4096).fill(0x61)).subarray(1);
    const bomb = new Uint8Array(1 + chunk.length * 1000);
    bomb[0] = 0x01;
    for (let i = 0; i < 1000; i++) bomb.set(chunk, 1 + i * chunk.length);
    expect(bomb.length).toBeLessThan(16_000);
    expect(decompressOvba(bomb, { maxBytes: 4096 * 1000 }).length).toBe(4096 * 1000);
    expect(() => decompressOvba(bomb, { maxBytes: 1 << 20 })).toThrow(
      expect.objectContaining({ reason: 'too-large' }),
    );
  });
});

describe('MS-OVBA compression', () => {
  it('compresses incompressible text to the bytes of example 3.2.1', () => {
    expect(compressOvba(ascii(NO_COMPRESSION.text))).toEqual(NO_COMPRESSION.compressed);
  });

  it('compresses the normal example to the bytes of example 3.2.2 (current edition)', () => {
    expect(compressOvba(ascii(NORMAL_COMPRESSION.text))).toEqual(NORMAL_COMPRESSION.compressed);
  });

  it('compresses a run to one literal and one overlapping copy, as example 3.2.3', () => {
    expect(compressOvba(ascii(MAXIMUM_COMPRESSION.text))).toEqual(MAXIMUM_COMPRESSION.compressed);
  });

  it.each([
    ['empty input', new Uint8Array()],
    ['one byte', ascii('x')],
    ['exactly one chunk of text', ascii('Sub A()\r\n'.repeat(455).slice(0, 4096))],
    ['text over several chunks', ascii('Public Function Rate(x As Double) As Double\r\n'.repeat(400))],
    ['incompressible full chunks (stored raw)', noise(4096 * 3)],
    ['a long run of one byte', new Uint8Array(10_000).fill(0x20)],
    ['a short period repeated past the 2048-byte offset width', ascii('abcabd'.repeat(2000))],
  ])('round-trips %s', (_name, data) => {
    const compressed = compressOvba(data);
    expect(decompressOvba(compressed, LIMIT)).toEqual(data);
  });

  it('makes VBA source text much smaller', () => {
    const source = ascii(
      'Attribute VB_Name = "Module1"\r\nOption Explicit\r\n' +
        'Public Function Discount(ByVal rate As Double, ByVal years As Long) As Double\r\n' +
        '    Discount = 1 / (1 + rate) ^ years\r\nEnd Function\r\n'.repeat(50),
    );
    expect(compressOvba(source).length).toBeLessThan(source.length / 4);
  });

  it('stores an incompressible chunk raw with the 0x3FFF header', () => {
    const compressed = compressOvba(noise(4096));
    expect(compressed.length).toBe(1 + 2 + 4096);
    expect([...compressed.subarray(0, 3)]).toEqual([0x01, 0xff, 0x3f]);
  });
});
