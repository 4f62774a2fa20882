import { VbaProjectError } from './vba-project-error';

/**
 * MS-OVBA compression ([MS-OVBA] §2.4.1), the LZ77 variant that VBA uses for the `VBA/dir` stream and
 * the source text of every module. No npm package implements it (docs/versions.md, "Macros").
 *
 * A CompressedContainer is a signature byte 0x01 followed by chunks. Each chunk starts with a 16-bit
 * little-endian header: bits 0-11 hold the chunk's size minus 3, bits 12-14 the signature 0b011 and
 * bit 15 says whether the chunk is compressed. A raw chunk carries 4096 bytes as they are; a compressed
 * one is a run of token sequences: a flag byte, then up to eight tokens, a 0 bit for a literal byte and
 * a 1 bit for a two-byte copy token (offset back into the same decompressed chunk, and a length).
 */

const CONTAINER_SIGNATURE = 0x01;
const CHUNK_SIGNATURE = 0b011;
/** Every chunk but the last decompresses to exactly this many bytes. */
const CHUNK_SIZE = 4096;
/** Header of a raw chunk: size field 4095 (4098 bytes in all), signature 0b011, flag 0. */
const RAW_CHUNK_HEADER = 0x3fff;

export interface DecompressOptions {
  /**
   * Stop with a `too-large` error once the output would exceed this many bytes. A copy token of two
   * bytes may expand to 4098, so a small hostile stream can otherwise claim gigabytes.
   */
  maxBytes: number;
}

/**
 * Split a copy token according to how far the chunk has been decompressed ([MS-OVBA] §2.4.1.3.19.1,
 * CopyToken Help): the further in, the more bits go to the offset and the fewer to the length.
 */
function copyTokenBits(decompressedInChunk: number): { bitCount: number; maximumLength: number } {
  let bitCount = 4;
  while (bitCount < 16 && 1 << bitCount < decompressedInChunk) bitCount++;
  return { bitCount, maximumLength: (0xffff >>> bitCount) + 3 };
}

/** A byte buffer that grows by doubling, with a hard ceiling. */
class Output {
  bytes = new Uint8Array(CHUNK_SIZE);
  length = 0;

  constructor(private readonly maxBytes: number) {}

  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed > this.maxBytes) {
      throw new VbaProjectError(
        'too-large',
        `The decompressed VBA data is larger than the limit of ${this.maxBytes} bytes.`,
      );
    }
    if (needed <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(Math.min(size, Math.max(needed, this.maxBytes)));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

function corrupt(detail: string): VbaProjectError {
  return new VbaProjectError('corrupt-module', `The compressed VBA data is malformed: ${detail}.`);
}

/**
 * Decompress a CompressedContainer ([MS-OVBA] §2.4.1.3.1). Every loop advances through the input, so
 * the time is linear in the input and the memory bounded by `maxBytes`.
 */
export function decompressOvba(container: Uint8Array, { maxBytes }: DecompressOptions): Uint8Array {
  if (container.length === 0 || container[0] !== CONTAINER_SIGNATURE) {
    throw corrupt('the signature byte is missing');
  }
  const out = new Output(maxBytes);
  let position = 1;
  while (position < container.length) {
    if (position + 2 > container.length) throw corrupt('a chunk header is truncated');
    const header = (container[position] as number) | ((container[position + 1] as number) << 8);
    if (((header >>> 12) & 0b111) !== CHUNK_SIGNATURE) throw corrupt('a chunk signature is wrong');
    const compressed = header >>> 15 === 1;
    // Writers are known to truncate the last chunk, so we read what is there (as olevba does).
    const chunkEnd = Math.min(position + (header & 0x0fff) + 3, container.length);
    const chunkStart = out.length;
    let at = position + 2;
    if (!compressed) {
      const raw = container.subarray(at, Math.min(at + CHUNK_SIZE, chunkEnd));
      out.reserve(raw.length);
      out.bytes.set(raw, out.length);
      out.length += raw.length;
    } else {
      while (at < chunkEnd) {
        const flags = container[at++] as number;
        for (let bit = 0; bit < 8 && at < chunkEnd; bit++) {
          if ((flags & (1 << bit)) === 0) {
            out.reserve(1);
            out.bytes[out.length++] = container[at++] as number;
            continue;
          }
          if (at + 2 > chunkEnd) throw corrupt('a copy token is truncated');
          const token = (container[at] as number) | ((container[at + 1] as number) << 8);
          at += 2;
          const { bitCount } = copyTokenBits(out.length - chunkStart);
          const length = (token & (0xffff >>> bitCount)) + 3;
          const offset = (token >>> (16 - bitCount)) + 1;
          if (offset > out.length - chunkStart) throw corrupt('a copy token points before its chunk');
          out.reserve(length);
          // Byte by byte on purpose: a copy may overlap the bytes it produces (a run of one letter).
          for (let i = 0; i < length; i++) {
            out.bytes[out.length] = out.bytes[out.length - offset] as number;
            out.length++;
          }
        }
      }
    }
    position = chunkEnd;
  }
  return out.result();
}

/**
 * Compress into a CompressedContainer ([MS-OVBA] §2.4.1.3.6 onwards) with the specification's own
 * matching rule: at each position take the longest earlier match in the chunk (at least 3 bytes),
 * the nearest one on a tie. Candidates are found through a hash chain of 3-byte prefixes visited
 * nearest first, which picks what the specification's exhaustive backward scan picks (a candidate
 * without the same 3 bytes cannot reach the minimum length) in a fraction of the time. One deliberate
 * difference: the scan stops at the first candidate that reaches the longest length a copy token can
 * hold here, where the specification would keep looking for a longer match it then cuts anyway.
 * Both are valid encodings; ours keeps repetitive input linear instead of quadratic per position.
 *
 * As the specification requires, a chunk that does not get smaller is stored raw, padded to 4096
 * bytes with zeros: only a last chunk of over 3640 incompressible bytes is affected, never VBA text.
 */
export function compressOvba(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.of(CONTAINER_SIGNATURE)];
  for (let start = 0; start < data.length; start += CHUNK_SIZE) {
    const chunk = data.subarray(start, Math.min(start + CHUNK_SIZE, data.length));
    const tokens = compressChunk(chunk);
    if (tokens.length <= CHUNK_SIZE) {
      const header = 0x8000 | (CHUNK_SIGNATURE << 12) | (tokens.length + 2 - 3);
      parts.push(Uint8Array.of(header & 0xff, header >>> 8), tokens);
    } else {
      const raw = new Uint8Array(CHUNK_SIZE);
      raw.set(chunk);
      parts.push(Uint8Array.of(RAW_CHUNK_HEADER & 0xff, RAW_CHUNK_HEADER >>> 8), raw);
    }
  }
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

const HASH_BITS = 12;

function prefixHash(chunk: Uint8Array, at: number): number {
  const value = ((chunk[at] as number) << 16) | ((chunk[at + 1] as number) << 8) | (chunk[at + 2] as number);
  return ((value * 2654435761) >>> (32 - HASH_BITS)) & ((1 << HASH_BITS) - 1);
}

/** The token sequences of one chunk (at most 4096 input bytes). */
function compressChunk(chunk: Uint8Array): Uint8Array {
  // Worst case: every byte a literal, plus one flag byte per eight.
  const out = new Uint8Array(chunk.length + Math.ceil(chunk.length / 8));
  let length = 0;
  const head = new Int32Array(1 << HASH_BITS).fill(-1);
  const previous = new Int32Array(chunk.length).fill(-1);
  let indexed = 0;
  const indexUpTo = (end: number) => {
    for (; indexed < end; indexed++) {
      if (indexed + 2 >= chunk.length) continue;
      const hash = prefixHash(chunk, indexed);
      previous[indexed] = head[hash] as number;
      head[hash] = indexed;
    }
  };

  let current = 0;
  while (current < chunk.length) {
    const flagIndex = length++;
    let flags = 0;
    for (let bit = 0; bit < 8 && current < chunk.length; bit++) {
      indexUpTo(current);
      const { bitCount, maximumLength } = copyTokenBits(current);
      const matchEnd = Math.min(chunk.length, current + maximumLength);
      let bestLength = 0;
      let bestCandidate = -1;
      if (current + 2 < chunk.length) {
        for (
          let candidate = head[prefixHash(chunk, current)] as number;
          candidate >= 0 && current + bestLength < matchEnd;
          candidate = previous[candidate] as number
        ) {
          let matched = 0;
          while (current + matched < matchEnd && chunk[candidate + matched] === chunk[current + matched]) {
            matched++;
          }
          if (matched > bestLength) {
            bestLength = matched;
            bestCandidate = candidate;
          }
        }
      }
      if (bestLength >= 3) {
        const tokenLength = bestLength;
        const token = ((current - bestCandidate - 1) << (16 - bitCount)) | (tokenLength - 3);
        out[length++] = token & 0xff;
        out[length++] = token >>> 8;
        flags |= 1 << bit;
        current += tokenLength;
      } else {
        out[length++] = chunk[current++] as number;
      }
    }
    out[flagIndex] = flags;
  }
  return out.subarray(0, length);
}
