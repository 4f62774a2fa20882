import { DEFAULT_CODE_PAGE, decoderFor, encodeUtf16le, encodeWindows1252 } from './code-page';
import { VbaProjectError } from './vba-project-error';

/**
 * The decompressed `VBA/dir` stream ([MS-OVBA] §2.3.4.2): the project's information, references and
 * modules as a sequence of records. Every record we meet is `Id (2 bytes) · Size (4 bytes) · Size
 * bytes`, including the "Reserved" sub-records that carry Unicode twins of a name (0x0040, 0x003D,
 * 0x003C, 0x003E, 0x0032, 0x0048) and the fixed-size ones whose Reserved field is 0 (MODULETYPE,
 * MODULEREADONLY, MODULEPRIVATE, the terminators). The one exception is PROJECTVERSION, whose Size
 * field says 4 while 6 bytes follow. Reading records generically, rather than in the exact order of
 * the specification, also accepts the optional records newer Office versions add
 * (PROJECTCOMPATVERSION 0x004A) and those older ones omit (MODULENAMEUNICODE 0x0047).
 */

const RECORD = {
  sysKind: 0x0001,
  lcid: 0x0002,
  codePage: 0x0003,
  name: 0x0004,
  docString: 0x0005,
  helpFilePath: 0x0006,
  helpContext: 0x0007,
  libFlags: 0x0008,
  version: 0x0009,
  constants: 0x000c,
  referenceRegistered: 0x000d,
  modules: 0x000f,
  terminator: 0x0010,
  projectCookie: 0x0013,
  lcidInvoke: 0x0014,
  referenceName: 0x0016,
  moduleName: 0x0019,
  moduleStreamName: 0x001a,
  moduleDocString: 0x001c,
  moduleHelpContext: 0x001e,
  moduleTypeProcedural: 0x0021,
  moduleTypeOther: 0x0022,
  moduleTerminator: 0x002b,
  moduleCookie: 0x002c,
  moduleOffset: 0x0031,
  streamNameUnicode: 0x0032,
  constantsUnicode: 0x003c,
  helpFilePath2: 0x003d,
  referenceNameUnicode: 0x003e,
  docStringUnicode: 0x0040,
  moduleNameUnicode: 0x0047,
  moduleDocStringUnicode: 0x0048,
} as const;

/** Far more modules than any real workbook has: a bound for hostile counts. */
export const MAX_MODULES = 2000;

export interface DirModule {
  name: string;
  /** The stream under the VBA storage that holds this module. */
  streamName: string;
  /** Where the compressed source starts in that stream (after the performance cache). */
  textOffset: number;
  /** MODULETYPE 0x0021: a standard module; 0x0022: a class, document or form module. */
  procedural: boolean;
}

export interface DirStream {
  codePage: number;
  projectName: string;
  modules: DirModule[];
}

function corrupt(detail: string): VbaProjectError {
  return new VbaProjectError('corrupt-dir', `The VBA project's module table is malformed: ${detail}.`);
}

const utf16 = new TextDecoder('utf-16le');

export function parseDirStream(dir: Uint8Array): DirStream {
  const view = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  let codePage = DEFAULT_CODE_PAGE;
  let projectName = '';
  const modules: DirModule[] = [];
  let current:
    | (Partial<DirModule> & {
        unicodeName?: string;
        rawName?: Uint8Array;
        rawStream?: Uint8Array;
        unicodeStream?: string;
      })
    | undefined;
  const pending: NonNullable<typeof current>[] = [];

  // Each iteration consumes at least 6 bytes, so the loop ends within dir.length / 6 rounds.
  let at = 0;
  while (at + 6 <= dir.length) {
    const id = view.getUint16(at, true);
    const size = view.getUint32(at + 2, true);
    const dataLength = id === RECORD.version ? 6 : size;
    const start = at + 6;
    if (dataLength > dir.length - start) throw corrupt(`record 0x${id.toString(16)} runs past the end`);
    const data = dir.subarray(start, start + dataLength);
    at = start + dataLength;

    switch (id) {
      case RECORD.codePage:
        if (size !== 2) throw corrupt('the code page record has the wrong size');
        codePage = view.getUint16(start, true);
        break;
      case RECORD.name:
        projectName = decoderFor(codePage).decode(data);
        break;
      case RECORD.moduleName:
        if (current) pending.push(current);
        if (pending.length + modules.length >= MAX_MODULES) throw corrupt('it lists too many modules');
        current = { rawName: data, procedural: true, textOffset: 0 };
        break;
      case RECORD.moduleNameUnicode:
        if (current) current.unicodeName = utf16.decode(data);
        break;
      case RECORD.moduleStreamName:
        if (current) current.rawStream = data;
        break;
      case RECORD.streamNameUnicode:
        if (current) current.unicodeStream = utf16.decode(data);
        break;
      case RECORD.moduleOffset:
        if (size !== 4) throw corrupt('a module offset record has the wrong size');
        if (current) current.textOffset = view.getUint32(start, true);
        break;
      case RECORD.moduleTypeProcedural:
        if (current) current.procedural = true;
        break;
      case RECORD.moduleTypeOther:
        if (current) current.procedural = false;
        break;
      case RECORD.moduleTerminator:
        if (current) pending.push(current);
        current = undefined;
        break;
      default:
        break;
    }
  }
  if (current) pending.push(current);

  const decoder = decoderFor(codePage);
  for (const module of pending) {
    // The Unicode twins are exact where the code page cannot express a name; prefer them.
    const name = module.unicodeName || (module.rawName ? decoder.decode(module.rawName) : '');
    const streamName = module.unicodeStream || (module.rawStream ? decoder.decode(module.rawStream) : name);
    if (!name) throw corrupt('a module has no name');
    modules.push({
      name,
      streamName,
      textOffset: module.textOffset ?? 0,
      procedural: module.procedural ?? true,
    });
  }
  return { codePage, projectName, modules };
}

/** One module as the dir stream writer needs it. */
export interface DirModuleInput {
  name: string;
  procedural: boolean;
}

class RecordWriter {
  private readonly parts: Uint8Array[] = [];

  private header(id: number, size: number): void {
    const bytes = new Uint8Array(6);
    const view = new DataView(bytes.buffer);
    view.setUint16(0, id, true);
    view.setUint32(2, size, true);
    this.parts.push(bytes);
  }

  bytes(id: number, data: Uint8Array = new Uint8Array()): this {
    this.header(id, data.length);
    this.parts.push(data);
    return this;
  }

  u16(id: number, value: number): this {
    const data = new Uint8Array(2);
    new DataView(data.buffer).setUint16(0, value, true);
    return this.bytes(id, data);
  }

  u32(id: number, value: number): this {
    const data = new Uint8Array(4);
    new DataView(data.buffer).setUint32(0, value, true);
    return this.bytes(id, data);
  }

  /** PROJECTVERSION: Size says 4, then a 4-byte major and a 2-byte minor version follow. */
  version(major: number, minor: number): this {
    this.header(RECORD.version, 4);
    const data = new Uint8Array(6);
    const view = new DataView(data.buffer);
    view.setUint32(0, major, true);
    view.setUint16(4, minor, true);
    this.parts.push(data);
    return this;
  }

  result(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

/** The OLE Automation type library every VBA project references (what Excel writes first). */
const STDOLE_LIBID =
  '*\\G{00020430-0000-0000-C000-000000000046}#2.0#0#C:\\Windows\\System32\\stdole2.tlb#OLE Automation';

/**
 * Write an uncompressed dir stream in the order of [MS-OVBA] §2.3.4.2 with the required records, a
 * reference to stdole, code page 1252, no performance cache (every MODULEOFFSET is 0) and the given
 * modules, each stored in a stream of its own name.
 */
export function writeDirStream(projectName: string, modules: DirModuleInput[]): Uint8Array {
  const ansi = encodeWindows1252;
  const empty = new Uint8Array();
  const w = new RecordWriter()
    .u32(RECORD.sysKind, 0x00000001) // Win32
    .u32(RECORD.lcid, 0x0409)
    .u32(RECORD.lcidInvoke, 0x0409)
    .u16(RECORD.codePage, DEFAULT_CODE_PAGE)
    .bytes(RECORD.name, ansi(projectName))
    .bytes(RECORD.docString, empty)
    .bytes(RECORD.docStringUnicode, empty)
    .bytes(RECORD.helpFilePath, empty)
    .bytes(RECORD.helpFilePath2, empty)
    .u32(RECORD.helpContext, 0)
    .u32(RECORD.libFlags, 0)
    .version(1, 0)
    .bytes(RECORD.constants, empty)
    .bytes(RECORD.constantsUnicode, empty)
    .bytes(RECORD.referenceName, ansi('stdole'))
    .bytes(RECORD.referenceNameUnicode, encodeUtf16le('stdole'));
  // REFERENCEREGISTERED: Size, then SizeOfLibid · Libid · Reserved1 (4 bytes) · Reserved2 (2 bytes).
  const libid = ansi(STDOLE_LIBID);
  const registered = new Uint8Array(4 + libid.length + 6);
  new DataView(registered.buffer).setUint32(0, libid.length, true);
  registered.set(libid, 4);
  w.bytes(RECORD.referenceRegistered, registered);

  w.u16(RECORD.modules, modules.length).u16(RECORD.projectCookie, 0xffff);
  for (const module of modules) {
    w.bytes(RECORD.moduleName, ansi(module.name))
      .bytes(RECORD.moduleNameUnicode, encodeUtf16le(module.name))
      .bytes(RECORD.moduleStreamName, ansi(module.name))
      .bytes(RECORD.streamNameUnicode, encodeUtf16le(module.name))
      .bytes(RECORD.moduleDocString, empty)
      .bytes(RECORD.moduleDocStringUnicode, empty)
      .u32(RECORD.moduleOffset, 0)
      .u32(RECORD.moduleHelpContext, 0)
      .u16(RECORD.moduleCookie, 0xffff)
      .bytes(module.procedural ? RECORD.moduleTypeProcedural : RECORD.moduleTypeOther, empty)
      .bytes(RECORD.moduleTerminator, empty);
  }
  w.bytes(RECORD.terminator, empty);
  return w.result();
}
