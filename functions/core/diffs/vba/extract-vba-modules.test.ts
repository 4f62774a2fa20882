import { readFileSync } from 'node:fs';
import * as CFB from 'cfb';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildXlsm,
  DISCOUNTING_MODULE,
  SCENARIO_CLASS_MODULE,
  THIS_WORKBOOK_MODULE,
  vbaSource,
} from '../../../testing/vba-fixtures';
import { encodeUtf16le, encodeWindows1252 } from './code-page';
import { parseDirStream } from './dir-stream';
import { extractVbaModules, MAX_VBA_PROJECT_BYTES, VBA_PROJECT_PATH } from './extract-vba-modules';
import { compressOvba } from './ovba-compression';
import { readVbaProject, writeVbaProject } from './vba-project';
import { VbaProjectError, type VbaProjectErrorReason } from './vba-project-error';

const MODULES = [THIS_WORKBOOK_MODULE, DISCOUNTING_MODULE, SCENARIO_CLASS_MODULE];
const SHEETS = [
  {
    name: 'Inputs',
    rows: [
      ['Discount rate', 0.035],
      ['Horizon', 40],
    ],
  },
];

/** A package with only the given vbaProject.bin: all the extractor reads. */
function packageWith(vbaProject: Uint8Array): Uint8Array {
  return zipSync({ [VBA_PROJECT_PATH]: vbaProject });
}

/** A compound file with the given streams, paths relative to the root (e.g. 'VBA/dir'). */
function compoundFile(streams: Record<string, Uint8Array>): Uint8Array {
  const container = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(container, path, content);
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

function streamsOf(bin: Uint8Array): Record<string, Uint8Array> {
  const container = CFB.read(bin, { type: 'buffer' });
  const streams: Record<string, Uint8Array> = {};
  container.FullPaths.forEach((path, index) => {
    const entry = container.FileIndex[index];
    if (entry?.type === 2 && entry.content && !entry.name.startsWith('\u0001')) {
      streams[path.replace(/^Root Entry\//, '')] = Uint8Array.from(entry.content);
    }
  });
  return streams;
}

async function reasonOf(promise: Promise<unknown>): Promise<VbaProjectErrorReason> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(VbaProjectError);
  expect((error as VbaProjectError).statusCode).toBe(422);
  return (error as VbaProjectError).reason;
}

describe('extractVbaModules', () => {
  it('reads back exactly the module texts and kinds an .xlsm was built with, in project order', async () => {
    const xlsm = await buildXlsm({ sheets: SHEETS, modules: MODULES });

    const modules = await extractVbaModules(xlsm);

    expect(modules).toEqual([
      { name: 'ThisWorkbook', kind: 'document', code: THIS_WORKBOOK_MODULE.code },
      { name: 'Discounting', kind: 'standard', code: DISCOUNTING_MODULE.code },
      { name: 'Scenario', kind: 'class', code: SCENARIO_CLASS_MODULE.code },
    ]);
    expect(modules[1]?.code).toContain('DiscountFactor = 1 / (1 + rate) ^ t');
  });

  it('writes a package Excel recognises as macro-enabled, with the sheets intact', async () => {
    const xlsm = await buildXlsm({ sheets: SHEETS, modules: MODULES });
    const entries = unzipSync(xlsm);

    expect(strFromU8(entries['[Content_Types].xml'] as Uint8Array)).toContain(
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/>',
    );
    expect(strFromU8(entries['[Content_Types].xml'] as Uint8Array)).toContain(
      '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>',
    );
    expect(strFromU8(entries['xl/_rels/workbook.xml.rels'] as Uint8Array)).toMatch(
      /Type="http:\/\/schemas.microsoft.com\/office\/2006\/relationships\/vbaProject" Target="vbaProject.bin"/,
    );
    expect(strFromU8(entries['xl/workbook.xml'] as Uint8Array)).toContain('codeName="ThisWorkbook"');
    // exceljs still reads it as a workbook (it ignores the VBA project).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsm.slice().buffer as ArrayBuffer);
    expect(workbook.getWorksheet('Inputs')?.getCell('B1').value).toBe(0.035);
  });

  it('keeps the project streams Excel expects in vbaProject.bin', async () => {
    const streams = streamsOf(writeVbaProject(MODULES));

    expect(Object.keys(streams).sort()).toEqual(
      [
        'PROJECT',
        'PROJECTwm',
        'VBA/Discounting',
        'VBA/Scenario',
        'VBA/ThisWorkbook',
        'VBA/_VBA_PROJECT',
        'VBA/dir',
      ].sort(),
    );
    expect([...(streams['VBA/_VBA_PROJECT'] as Uint8Array)]).toEqual([0xcc, 0x61, 0xff, 0xff, 0, 0, 0]);
    const project = strFromU8(streams.PROJECT as Uint8Array);
    expect(project).toContain('Document=ThisWorkbook/&H00000000\r\nModule=Discounting\r\nClass=Scenario\r\n');
    expect(project).toMatch(/CMG="[0-9A-F]{22}"\r\nDPB="[0-9A-F]{16}"\r\nGC="[0-9A-F]{16}"/);
  });

  it('round-trips text in the project code page (1252), CRLF line ends and sources over many chunks', async () => {
    const body = `' Coût unitaire en € — ©\n${'Public Sub Step()\n    Range("A1").Value = Range("A1").Value + 1\nEnd Sub\n'.repeat(300)}`;
    const module = { name: 'Lange', kind: 'standard' as const, code: vbaSource('Lange', 'standard', body) };
    expect(module.code.length).toBeGreaterThan(5 * 4096);

    const [extracted] = await extractVbaModules(packageWith(writeVbaProject([module])));

    expect(extracted?.code).toBe(module.code);
    expect(extracted?.code).not.toContain('\r');
  });

  it('finds no macros in a workbook without a VBA project (.xlsx)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Only').addRow([1, 2, 3]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());

    expect(await extractVbaModules(xlsx)).toEqual([]);
  });

  it('finds no macros in a project without modules', async () => {
    expect(await extractVbaModules(packageWith(writeVbaProject([])))).toEqual([]);
  });

  it('refuses a file that is not a zip archive', async () => {
    expect(await reasonOf(extractVbaModules(encodeWindows1252('not a workbook')))).toBe('corrupt-workbook');
  });

  it('refuses a vbaProject.bin that is not a compound file', async () => {
    expect(await reasonOf(extractVbaModules(packageWith(encodeWindows1252('garbage'.repeat(100)))))).toBe(
      'corrupt-container',
    );
  });

  it('finds no macros in an empty compound file (what LibreOffice saves for an .xlsm without macros)', async () => {
    const bin = compoundFile({ PROJECT: encodeWindows1252('ID="{x}"\r\n') });
    expect(await extractVbaModules(packageWith(bin))).toEqual([]);
  });

  it('refuses a VBA storage without a dir stream', async () => {
    const { 'VBA/dir': _dropped, ...streams } = streamsOf(writeVbaProject(MODULES));
    expect(await reasonOf(extractVbaModules(packageWith(compoundFile(streams))))).toBe('corrupt-container');
  });

  it('refuses a dir stream that is not MS-OVBA compressed', async () => {
    const streams = streamsOf(writeVbaProject(MODULES));
    const bin = compoundFile({ ...streams, 'VBA/dir': encodeWindows1252('plain bytes') });
    expect(await reasonOf(extractVbaModules(packageWith(bin)))).toBe('corrupt-dir');
  });

  it('refuses a dir stream whose record runs past its end', async () => {
    // MODULENAME claiming 1000 bytes with 3 present.
    const dir = Uint8Array.from([0x19, 0x00, 0xe8, 0x03, 0x00, 0x00, 0x41, 0x42, 0x43]);
    const streams = streamsOf(writeVbaProject(MODULES));
    const bin = compoundFile({ ...streams, 'VBA/dir': compressOvba(dir) });
    expect(await reasonOf(extractVbaModules(packageWith(bin)))).toBe('corrupt-dir');
  });

  it('refuses a project whose module stream is missing or malformed', async () => {
    const streams = streamsOf(writeVbaProject(MODULES));
    const { 'VBA/Discounting': _dropped, ...withoutModule } = streams;
    expect(await reasonOf(extractVbaModules(packageWith(compoundFile(withoutModule))))).toBe(
      'corrupt-module',
    );

    const broken = compoundFile({
      ...streams,
      'VBA/Discounting': Uint8Array.of(0x01, 0x05, 0xb0, 0x01, 0x99, 0x99),
    });
    expect(await reasonOf(extractVbaModules(packageWith(broken)))).toBe('corrupt-module');
  });

  it('refuses a vbaProject.bin whose declared size is over the limit without inflating it', async () => {
    const xlsm = packageWith(writeVbaProject(MODULES));
    const view = new DataView(xlsm.buffer, xlsm.byteOffset, xlsm.byteLength);
    // Claim a huge uncompressed size in the central directory entry (offset 24 of its header).
    for (let at = 0; at + 4 <= xlsm.length; at++) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, MAX_VBA_PROJECT_BYTES + 1, true);
    }
    expect(await reasonOf(extractVbaModules(xlsm))).toBe('too-large');
  });

  it('answers every corruption of the container with modules or a typed error, never a crash', async () => {
    const bin = writeVbaProject(MODULES);
    const outcomes = new Set<string>();
    // Overwrite 4 bytes at positions spread over the header, FAT, directory and streams.
    for (let at = 0; at < bin.length; at += 61) {
      const damaged = bin.slice();
      damaged.set([0xff, 0x7f, 0x00, 0x80], Math.min(at, bin.length - 4));
      try {
        await extractVbaModules(packageWith(damaged));
        outcomes.add('read');
      } catch (error) {
        expect(error).toBeInstanceOf(VbaProjectError);
        outcomes.add((error as VbaProjectError).reason);
      }
    }
    expect(outcomes.has('read')).toBe(true);
    expect(outcomes.size).toBeGreaterThan(1);
  });
});

describe('a VBA project written by Excel', () => {
  // testdata/README.md: from rust_xlsxwriter (MIT), saved by Excel for Mac.
  const excelProject = new Uint8Array(
    readFileSync(new URL('./testdata/excel-vbaProject.bin', import.meta.url)),
  );
  const documentModule = (name: string, base: string) =>
    [
      `Attribute VB_Name = "${name}"`,
      `Attribute VB_Base = "0{${base}}"`,
      'Attribute VB_GlobalNameSpace = False',
      'Attribute VB_Creatable = False',
      'Attribute VB_PredeclaredId = True',
      'Attribute VB_Exposed = True',
      'Attribute VB_TemplateDerived = False',
      'Attribute VB_Customizable = True',
      '',
    ].join('\n');
  const WORKBOOK = '00020819-0000-0000-C000-000000000046';
  const SHEET = '00020820-0000-0000-C000-000000000046';
  const KNOWN_MODULES = [
    { name: 'ThisWorkbook', kind: 'document', code: documentModule('ThisWorkbook', WORKBOOK) },
    { name: 'Sheet1', kind: 'document', code: documentModule('Sheet1', SHEET) },
    {
      name: 'Module1',
      kind: 'standard',
      code: 'Attribute VB_Name = "Module1"\nSub say_hello()\n    MsgBox ("Hello from Rust!")\nEnd Sub\n',
    },
    { name: 'ThisWorkbook1', kind: 'document', code: documentModule('ThisWorkbook1', WORKBOOK) },
    { name: 'Sheet2', kind: 'document', code: documentModule('Sheet2', WORKBOOK) },
  ];

  it('reads its modules as their known texts, skipping the compiled performance cache', async () => {
    expect(await extractVbaModules(packageWith(excelProject))).toEqual(KNOWN_MODULES);
  });

  it('reads the same texts back after our writer rewrote the project', () => {
    const modules = readVbaProject(excelProject).map(({ name, kind, code }) => ({
      name,
      kind: kind === 'form' ? ('class' as const) : kind,
      code,
    }));
    expect(readVbaProject(writeVbaProject(modules))).toEqual(KNOWN_MODULES);
  });
});

describe('parseDirStream', () => {
  /** One dir record: Id, Size, data. */
  function record(id: number, data: Uint8Array | number[] = []): number[] {
    const bytes = Uint8Array.from(data);
    return [id & 0xff, id >>> 8, ...new Uint8Array(Uint32Array.of(bytes.length).buffer), ...bytes];
  }

  it('reads the records newer Office versions write, a performance-cache offset and Unicode names', () => {
    const dir = Uint8Array.from([
      ...record(0x0001, [1, 0, 0, 0]),
      ...record(0x004a, [2, 0, 0, 0]), // PROJECTCOMPATVERSION (newer Office only)
      ...record(0x0003, [0xe4, 0x04]), // code page 1252
      ...record(0x0004, encodeWindows1252('Modèle')),
      // PROJECTVERSION: Size says 4, 6 bytes follow.
      0x09,
      0x00,
      0x04,
      0x00,
      0x00,
      0x00,
      0x11,
      0x22,
      0x33,
      0x44,
      0x55,
      0x66,
      ...record(0x000f, [1, 0]),
      ...record(0x0013, [0xff, 0xff]),
      ...record(0x0019, encodeWindows1252('Feuil1')),
      ...record(0x0047, encodeUtf16le('Feuil1')),
      ...record(0x001a, encodeWindows1252('Feuil1')),
      ...record(0x0032, encodeUtf16le('Feuil1')),
      ...record(0x0031, [0x34, 0x12, 0, 0]),
      ...record(0x0022),
      ...record(0x0025), // MODULEREADONLY
      ...record(0x002b),
      ...record(0x0010),
    ]);

    expect(parseDirStream(dir)).toEqual({
      codePage: 1252,
      projectName: 'Modèle',
      modules: [{ name: 'Feuil1', streamName: 'Feuil1', textOffset: 0x1234, procedural: false }],
    });
  });

  it('answers damaged module tables with a result or a typed error, never a crash', () => {
    const dir = Uint8Array.from([
      ...record(0x0003, [0xe4, 0x04]),
      ...record(0x000f, [1, 0]),
      ...record(0x0019, encodeWindows1252('Module1')),
      ...record(0x001a, encodeWindows1252('Module1')),
      ...record(0x0031, [0, 0, 0, 0]),
      ...record(0x0021),
      ...record(0x002b),
      ...record(0x0010),
    ]);
    const outcomes = new Set<string>();
    let state = 7;
    for (let round = 0; round < 500; round++) {
      const damaged = dir.slice();
      for (let hits = 0; hits < 3; hits++) {
        state = (state * 1103515245 + 12345) >>> 0;
        damaged[state % damaged.length] = state >>> 24;
      }
      try {
        parseDirStream(damaged);
        outcomes.add('read');
      } catch (error) {
        expect(error).toBeInstanceOf(VbaProjectError);
        outcomes.add('refused');
      }
    }
    expect([...outcomes].sort()).toEqual(['read', 'refused']);
  });
});
