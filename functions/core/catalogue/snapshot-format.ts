import {
  type CatalogueColumns,
  CODE_COLUMNS,
  DICTIONARIES,
  FILE_TYPES_COLUMN,
  LATER_CODE_COLUMNS,
  type LaterCodeName,
  LIST_COLUMNS,
  SORT_KEYS,
  STRING_COLUMNS,
  UNKNOWN_FILE_TYPES,
} from './catalogue-index';

/**
 * The catalogue snapshot's bytes (before compression; catalogue-log.ts gzips them into
 * `catalog/snapshot.v2.bin.gz`). A cold search instance maps them instead of parsing and indexing
 * 100,000 JSON entries (docs/data-model.md, "Catalogue search"):
 *
 *   "MRCATv2\n" | u32 LE header length | header (JSON) | zero padding to 8 | sections
 *
 * The header holds the small parts: the newest change id folded in, the slot count, the tombstones
 * and the value dictionaries; and where each section starts (relative to the first section, every one
 * 8-byte aligned) and how long it is. Sections are the typed columns of catalogue-index.ts, stored as
 * little-endian arrays (Lambda runs on little-endian x86 and ARM) so that they are used in place as
 * Int32Array/Uint8Array views of the decompressed buffer, and the string columns as UTF-8 with UTF-16
 * offsets. Ascending arrays (offsets, posting lists) are stored as differences from the previous
 * value ('i32d'), which gzip shrinks to a fraction, and summed back in place on load. Nothing else is
 * rebuilt on load: sort orders and the text index are stored prebuilt.
 */
const MAGIC = 'MRCATv2\n';
const ALIGN = 8;

type SectionKind = 'u8' | 'i32' | 'i32d' | 'utf8';
type Section = [name: string, kind: SectionKind, offset: number, length: number];

interface Header {
  lastChangeId: string;
  count: number;
  /** [uuid, rev, removedAt]. */
  tombstones: [string, number, number][];
  dictionaries: Record<string, string[]>;
  sections: Section[];
  /** Later columns not known for every entry (catalogue-index.ts LATER_CODE_COLUMNS). */
  partial?: LaterCodeName[];
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const pad = (n: number) => (ALIGN - (n % ALIGN)) % ALIGN;

export function encodeSnapshot(columns: CatalogueColumns): Buffer {
  if (!littleEndian) throw new Error('The catalogue snapshot is written on little-endian machines only');
  const parts: { name: string; kind: SectionKind; bytes: Uint8Array; length: number }[] = [];
  const typed = (name: string, array: Uint8Array | Int32Array) =>
    parts.push({
      name,
      kind: array instanceof Uint8Array ? 'u8' : 'i32',
      bytes: new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
      length: array.length,
    });
  const ascending = (name: string, array: Int32Array) => {
    const deltas = new Int32Array(array.length);
    for (let i = array.length - 1; i > 0; i--) deltas[i] = (array[i] as number) - (array[i - 1] as number);
    if (array.length > 0) deltas[0] = array[0] as number;
    parts.push({ name, kind: 'i32d', bytes: new Uint8Array(deltas.buffer), length: deltas.length });
  };
  const utf8 = (name: string, text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    parts.push({ name, kind: 'utf8', bytes, length: bytes.length });
  };
  typed('status', columns.status);
  typed('revs', columns.revs);
  for (const c of CODE_COLUMNS) typed(`code.${c}`, columns.codes[c]);
  for (const l of LIST_COLUMNS) {
    ascending(`list.${l}.starts`, columns.lists[l].starts);
    typed(`list.${l}.values`, columns.lists[l].values);
  }
  for (const s of STRING_COLUMNS) {
    utf8(`string.${s}.text`, columns.strings[s].text);
    ascending(`string.${s}.starts`, columns.strings[s].starts);
  }
  utf8('text.vocabulary', columns.text.vocabulary);
  ascending('text.starts', columns.text.starts);
  ascending('text.postingStarts', columns.text.postingStarts);
  // Ascending within each fragment's list; the sum runs across lists, so one pass restores them all.
  ascending('text.postings', columns.text.postings);
  for (const k of SORT_KEYS) typed(`order.${k}`, columns.orders[k]);

  const sections: Section[] = [];
  let offset = 0;
  for (const part of parts) {
    sections.push([part.name, part.kind, offset, part.length]);
    offset += part.bytes.length + pad(part.bytes.length);
  }
  const header: Header = {
    lastChangeId: columns.lastChangeId,
    count: columns.count,
    tombstones: columns.tombstones.map((t) => [t.uuid, t.rev, t.removedAt]),
    dictionaries: columns.dictionaries,
    sections,
    ...(columns.partial?.length ? { partial: columns.partial } : {}),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const dataStart = MAGIC.length + 4 + headerBytes.length;
  const first = dataStart + pad(dataStart);
  const out = Buffer.alloc(first + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, MAGIC.length + 4);
  parts.forEach((part, i) => {
    out.set(part.bytes, first + (sections[i] as Section)[2]);
  });
  return out;
}

export const isSnapshot = (bytes: Uint8Array) =>
  bytes.length >= MAGIC.length + 4 &&
  Buffer.from(bytes.buffer, bytes.byteOffset, MAGIC.length).toString('latin1') === MAGIC;

/**
 * The columns of a snapshot, as views of `input` (copied once if it is not 8-byte aligned). Decodes in
 * place: the input's bytes become the columns.
 */
export function decodeSnapshot(input: Uint8Array): CatalogueColumns {
  if (!littleEndian) throw new Error('The catalogue snapshot is read on little-endian machines only');
  if (!isSnapshot(input)) throw new Error('Not a catalogue snapshot (format 2)');
  let bytes = input;
  if (bytes.byteOffset % ALIGN !== 0) {
    bytes = new Uint8Array(input.length);
    bytes.set(input);
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const headerLength = buffer.readUInt32LE(MAGIC.length);
  const header = JSON.parse(
    buffer.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength),
  ) as Header;
  const dataStart = MAGIC.length + 4 + headerLength;
  const first = dataStart + pad(dataStart);
  const sections = new Map(header.sections.map((s) => [s[0], s]));
  const section = (name: string, kind: SectionKind): Section => {
    const found = sections.get(name);
    if (!found || found[1] !== kind) throw new Error(`The catalogue snapshot has no ${kind} section ${name}`);
    if (first + found[2] + found[3] * (kind === 'i32' || kind === 'i32d' ? 4 : 1) > bytes.length)
      throw new Error(`The catalogue snapshot is truncated (${name})`);
    return found;
  };
  const u8 = (name: string) => {
    const [, , offset, length] = section(name, 'u8');
    return new Uint8Array(bytes.buffer, bytes.byteOffset + first + offset, length);
  };
  const i32 = (name: string, expected?: number) => {
    const [, , offset, length] = section(name, 'i32');
    if (expected !== undefined && length !== expected)
      throw new Error(`The catalogue snapshot's ${name} has ${length} values, not ${expected}`);
    return new Int32Array(bytes.buffer, bytes.byteOffset + first + offset, length);
  };
  const summed = (name: string, expected?: number) => {
    const [, , offset, length] = section(name, 'i32d');
    if (expected !== undefined && length !== expected)
      throw new Error(`The catalogue snapshot's ${name} has ${length} values, not ${expected}`);
    const values = new Int32Array(bytes.buffer, bytes.byteOffset + first + offset, length);
    for (let i = 1; i < length; i++) values[i] = (values[i] as number) + (values[i - 1] as number);
    return values;
  };
  const text = (name: string) => {
    const [, , offset, length] = section(name, 'utf8');
    return buffer.toString('utf8', first + offset, first + offset + length);
  };
  const n = header.count;
  const record = <K extends string, V>(keys: readonly K[], make: (key: K) => V) =>
    Object.fromEntries(keys.map((k) => [k, make(k)])) as Record<K, V>;
  const status = u8('status');
  if (status.length !== n) throw new Error('The catalogue snapshot is inconsistent (status)');
  // A snapshot written before a later column existed has no section for it: every entry reads as
  // having no value there, and the column is partial until the catalogue is rebuilt.
  const partial = new Set<LaterCodeName>(header.partial ?? []);
  const later = new Set<string>(LATER_CODE_COLUMNS);
  const code = (c: (typeof CODE_COLUMNS)[number]) => {
    if (later.has(c) && !sections.has(`code.${c}`)) {
      partial.add(c as LaterCodeName);
      return new Int32Array(n).fill(-1);
    }
    return i32(`code.${c}`, n);
  };
  // Without the file types column, every entry's file types are unknown (catalogue-index.ts
  // FILE_TYPES_COLUMN): one value each, the unknown mark, which is the only word of its dictionary.
  const fileTypesMissing = !sections.has(`list.${FILE_TYPES_COLUMN}.starts`);
  const list = (l: (typeof LIST_COLUMNS)[number]) => {
    if (l === FILE_TYPES_COLUMN && fileTypesMissing)
      return { starts: Int32Array.from({ length: n + 1 }, (_, i) => i), values: new Int32Array(n) };
    return { starts: summed(`list.${l}.starts`, n + 1), values: i32(`list.${l}.values`) };
  };
  const dictionary = (d: (typeof DICTIONARIES)[number]) =>
    d === FILE_TYPES_COLUMN && fileTypesMissing ? [UNKNOWN_FILE_TYPES] : (header.dictionaries[d] ?? []);
  return {
    lastChangeId: header.lastChangeId,
    count: n,
    tombstones: header.tombstones.map(([uuid, rev, removedAt]) => ({ uuid, rev, removedAt })),
    dictionaries: record(DICTIONARIES, dictionary),
    status,
    revs: i32('revs', n),
    codes: record(CODE_COLUMNS, code),
    lists: record(LIST_COLUMNS, list),
    strings: record(STRING_COLUMNS, (s) => ({
      text: text(`string.${s}.text`),
      starts: summed(`string.${s}.starts`, n + 1),
    })),
    text: {
      vocabulary: text('text.vocabulary'),
      starts: summed('text.starts'),
      postingStarts: summed('text.postingStarts'),
      postings: summed('text.postings'),
    },
    orders: record(SORT_KEYS, (k) => i32(`order.${k}`, n)),
    ...(partial.size ? { partial: [...partial] } : {}),
  };
}
