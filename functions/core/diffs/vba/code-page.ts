/**
 * VBA stores names and source text in the project's ANSI code page (PROJECTCODEPAGE in the dir
 * stream), not in Unicode. Node ships full ICU, so TextDecoder knows the code pages VBA projects use
 * (all but Windows-1252 itself, see below).
 */
const LABELS: Record<number, string> = {
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  1250: 'windows-1250',
  1251: 'windows-1251',
  1252: 'windows-1252',
  1253: 'windows-1253',
  1254: 'windows-1254',
  1255: 'windows-1255',
  1256: 'windows-1256',
  1257: 'windows-1257',
  1258: 'windows-1258',
  10000: 'macintosh',
  65001: 'utf-8',
};

/** The code page written by our fixture builder and assumed when a project names none we know. */
export const DEFAULT_CODE_PAGE = 1252;

/**
 * Windows-1252 bytes 0x80-0x9F (WHATWG index-windows-1252). Node 20's TextDecoder decodes its
 * 'windows-1252' as Latin-1 (0x80 becomes U+0080 instead of '€'), so this one code page, the most
 * common of all, is ours; the others go through ICU and decode correctly.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function windows1252Char(byte: number): string {
  return String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? (WINDOWS_1252_HIGH[byte - 0x80] as number) : byte);
}

const windows1252Decoder = {
  decode(bytes: Uint8Array): string {
    let text = '';
    // In slices: String.fromCharCode.apply would overflow the stack on a large module.
    for (let start = 0; start < bytes.length; start += 8192) {
      const slice = bytes.subarray(start, start + 8192);
      text += Array.from(slice, windows1252Char).join('');
    }
    return text;
  },
};

export interface TextDecoding {
  decode(bytes: Uint8Array): string;
}

export function decoderFor(codePage: number): TextDecoding {
  const label = LABELS[codePage];
  if (!label || label === 'windows-1252') return windows1252Decoder;
  return new TextDecoder(label);
}

let windows1252: Map<string, number> | undefined;

/**
 * Encode text in Windows-1252 (TextEncoder only speaks UTF-8). The builder uses it for fixtures and
 * the demo; a character the code page lacks is an error rather than a silent '?'.
 */
export function encodeWindows1252(text: string): Uint8Array {
  if (!windows1252) {
    windows1252 = new Map();
    for (let byte = 0; byte < 256; byte++) windows1252.set(windows1252Char(byte), byte);
  }
  const table = windows1252;
  return Uint8Array.from(text, (char) => {
    const byte = table.get(char);
    if (byte === undefined) throw new Error(`'${char}' has no Windows-1252 encoding.`);
    return byte;
  });
}

export function encodeUtf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[i * 2] = unit & 0xff;
    bytes[i * 2 + 1] = unit >>> 8;
  }
  return bytes;
}
