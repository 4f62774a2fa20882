import type { VbaModuleKind } from '@shared/diffs/macros';
import * as CFB from 'cfb';
import { decoderFor, encodeWindows1252 } from './code-page';
import { type DirModule, parseDirStream, writeDirStream } from './dir-stream';
import { compressOvba, decompressOvba } from './ovba-compression';
import { parseModuleKinds, writeProjectStream } from './project-stream';
import { VbaProjectError } from './vba-project-error';

/** One VBA module as the user sees it in the VBA editor's export (with its Attribute lines). */
export interface VbaModule {
  name: string;
  kind: VbaModuleKind;
  /** The source text with '\n' line endings (VBA stores '\r\n'). */
  code: string;
}

/**
 * Limits that keep a hostile vbaProject.bin from exhausting a function: real projects are a few
 * hundred kilobytes of compressed source and a dir stream of a few kilobytes.
 */
export const VBA_LIMITS = {
  /** The decompressed dir stream. */
  dirBytes: 1 << 20,
  /** All modules' decompressed source together. */
  sourceBytes: 32 << 20,
} as const;

function streamContent(container: CFB.CFB$Container, path: string): Uint8Array | undefined {
  const entry = CFB.find(container, path);
  // type 2 is a stream; a storage of the same name has no content to read.
  if (entry?.type !== 2 || !entry.content) return undefined;
  const content = entry.content;
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

function openContainer(bin: Uint8Array): CFB.CFB$Container {
  try {
    return CFB.read(bin, { type: 'buffer' });
  } catch {
    throw new VbaProjectError(
      'corrupt-container',
      'The VBA project (vbaProject.bin) is not a readable compound file.',
    );
  }
}

function readModule(
  container: CFB.CFB$Container,
  module: DirModule,
  codePage: number,
  budget: number,
): string {
  const stream = streamContent(container, `/VBA/${module.streamName}`);
  if (!stream) {
    throw new VbaProjectError('corrupt-module', `The VBA module '${module.name}' has no stream.`);
  }
  if (module.textOffset > stream.length) {
    throw new VbaProjectError('corrupt-module', `The VBA module '${module.name}' points past its stream.`);
  }
  try {
    const source = decompressOvba(stream.subarray(module.textOffset), { maxBytes: budget });
    return decoderFor(codePage).decode(source).replace(/\r\n?/g, '\n');
  } catch (error) {
    if (error instanceof VbaProjectError && error.reason === 'corrupt-module') {
      throw new VbaProjectError(
        'corrupt-module',
        `The source of the VBA module '${module.name}' is malformed.`,
      );
    }
    throw error;
  }
}

/**
 * Read every module of a vbaProject.bin ([MS-OVBA] §2.2): the compound file's `VBA/dir` stream lists
 * the modules and where each one's compressed source starts in its stream; the PROJECT stream says
 * which are classes and documents. Modules come back in the project's order.
 */
export function readVbaProject(bin: Uint8Array): VbaModule[] {
  const container = openContainer(bin);
  // LibreOffice saves an .xlsm without macros with an empty compound file (only the root storage):
  // no VBA storage means no macros, not a broken project.
  if (!CFB.find(container, '/VBA/')) return [];
  const dirStream = streamContent(container, '/VBA/dir');
  if (!dirStream) {
    throw new VbaProjectError('corrupt-container', 'The VBA project (vbaProject.bin) has no VBA/dir stream.');
  }
  let dirBytes: Uint8Array;
  try {
    dirBytes = decompressOvba(dirStream, { maxBytes: VBA_LIMITS.dirBytes });
  } catch (error) {
    if (error instanceof VbaProjectError && error.reason === 'corrupt-module') {
      throw new VbaProjectError('corrupt-dir', "The VBA project's module table (VBA/dir) is malformed.");
    }
    throw error;
  }
  const dir = parseDirStream(dirBytes);

  const projectText = streamContent(container, '/PROJECT');
  const kinds = projectText ? parseModuleKinds(decoderFor(dir.codePage).decode(projectText)) : new Map();

  let budget: number = VBA_LIMITS.sourceBytes;
  return dir.modules.map((module) => {
    const code = readModule(container, module, dir.codePage, budget);
    budget -= code.length;
    const kind: VbaModuleKind = kinds.get(module.name) ?? (module.procedural ? 'standard' : 'class');
    return { name: module.name, kind, code };
  });
}

/** A module for the builder; UserForms need designer storages we do not write. */
export interface VbaModuleSource {
  name: string;
  kind: Exclude<VbaModuleKind, 'form'>;
  code: string;
}

export interface VbaProjectOptions {
  projectName?: string;
  /** The project's CLSID (PROJECT stream ID=); a fixed one keeps builds byte-for-byte repeatable. */
  projectClsid?: string;
}

const VBA_NAME = /^[A-Za-z][A-Za-z0-9_]{0,30}$/;

/**
 * Build a vbaProject.bin from module texts: the PROJECT and PROJECTwm streams, and under VBA the
 * `_VBA_PROJECT` stream (version 0xFFFF: no compiled performance cache, so the VBA editor compiles
 * from source), the dir stream and one stream per module, each MS-OVBA compressed.
 */
export function writeVbaProject(modules: VbaModuleSource[], options: VbaProjectOptions = {}): Uint8Array {
  const projectName = options.projectName ?? 'VBAProject';
  const projectClsid = options.projectClsid ?? '{00000000-0000-0000-0000-000000000000}';
  const seen = new Set<string>();
  for (const module of modules) {
    if (!VBA_NAME.test(module.name)) throw new Error(`'${module.name}' is not a valid VBA module name.`);
    const key = module.name.toLowerCase();
    if (seen.has(key)) throw new Error(`The VBA module name '${module.name}' is used twice.`);
    seen.add(key);
  }

  const container = CFB.utils.cfb_new();
  const add = (path: string, content: Uint8Array) => CFB.utils.cfb_add(container, path, content);
  add('PROJECT', encodeWindows1252(writeProjectStream(projectClsid, projectName, modules)));
  // PROJECTwm: each name in the code page and in UTF-16, then a 2-byte terminator (§2.3.3).
  const nameMap: number[] = [];
  for (const { name } of modules) {
    nameMap.push(...encodeWindows1252(name), 0);
    for (let i = 0; i < name.length; i++) nameMap.push(name.charCodeAt(i) & 0xff, name.charCodeAt(i) >>> 8);
    nameMap.push(0, 0);
  }
  nameMap.push(0, 0);
  add('PROJECTwm', Uint8Array.from(nameMap));
  add('VBA/_VBA_PROJECT', Uint8Array.of(0xcc, 0x61, 0xff, 0xff, 0x00, 0x00, 0x00));
  add(
    'VBA/dir',
    compressOvba(
      writeDirStream(
        projectName,
        modules.map((module) => ({ name: module.name, procedural: module.kind === 'standard' })),
      ),
    ),
  );
  for (const module of modules) {
    add(`VBA/${module.name}`, compressOvba(encodeWindows1252(module.code.replace(/\r?\n/g, '\r\n'))));
  }
  const written: unknown = CFB.write(container, { type: 'buffer' });
  return new Uint8Array(written as Uint8Array);
}
