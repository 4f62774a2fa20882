import type { Cell } from '@shared/diffs/spreadsheet';
import * as CFB from 'cfb';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { WorkbookReadError, workbookErrors } from './errors';
import { convertLegacyXls } from './legacy-xls';
import { parseRange, shiftFormula } from './references';

/**
 * A streaming reader of xlsx/xlsm workbooks: the zip is inflated entry by entry (fflate) straight
 * into a SAX parser (saxes), so no XML document is ever built; only the filled cells are kept.
 * Reads values with their types (an error such as `#DIV/0!` stays its text), formulas with shared
 * formulas expanded for each cell and array formulas set on each cell of their range, sheet names
 * and order, and defined names. Styles, number formats, charts and pivot tables are not read (only
 * counted, so the comparison can say what it did not compare).
 */

export type Row = (Cell | undefined)[];

export interface SheetData {
  name: string;
  /** Index r-1 holds row r; a row without filled cells is undefined. Trailing empty rows are dropped. */
  rows: (Row | undefined)[];
  /** The highest filled column (1-based). */
  columnCount: number;
  conditionalFormats: number;
}

export interface DefinedName {
  name: string;
  /** The sheet a local name belongs to. */
  scope?: string;
  formula: string;
}

export interface WorkbookData {
  sheets: SheetData[];
  definedNames: DefinedName[];
  charts: number;
  pivotTables: number;
}

export interface ReadLimits {
  /** Sum of the inflated sizes of the parts read. */
  maxUncompressedBytes: number;
  /** Inflated bytes per byte of input, checked once `ratioGraceBytes` have been inflated. */
  maxRatio: number;
  ratioGraceBytes: number;
  /** Filled cells (a value or a formula) in the whole workbook; empty styled cells do not count. */
  maxCells: number;
  /**
   * Bytes of an OLE compound file (an .xls, or a workbook saved with a password). An .xls is converted
   * in memory (legacy-xls.ts), which takes many times its size: two of this size stay well inside the
   * jobs function's 1,769 MB.
   */
  maxCompoundBytes: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioGraceBytes: 32 * 1024 * 1024,
  maxCells: 3_000_000,
  maxCompoundBytes: 32 * 1024 * 1024,
};

/** The file's bytes: a Buffer or a stream (a Node Readable, an S3 body). */
export type WorkbookSource = Uint8Array | AsyncIterable<Uint8Array>;

// fflate's streaming inflate is several times faster fed in small pieces (its output buffers stay small).
const CHUNK = 16 * 1024;
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

async function* chunksOf(source: WorkbookSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    for (let at = 0; at < source.length; at += CHUNK) yield source.subarray(at, at + CHUNK);
    return;
  }
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
  }
}

/**
 * The column of a cell reference such as `AB12` (its row is the enclosing `<row>`'s): read by hand
 * because it runs once per cell of the workbook.
 */
function cellPosition(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) col = col * 26 + code - 64;
    else if (code !== 36) break;
  }
  return col;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An OLE container: an encrypted OOXML package (password) or an Excel 97-2003 workbook. */
function xlsxOfCompoundFile(bytes: Uint8Array): Uint8Array {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { type: 'buffer' });
  } catch {
    throw workbookErrors.corrupt();
  }
  const names = new Set(container.FullPaths.map((path) => path.replace(/\/$/, '').split('/').pop()));
  if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) throw workbookErrors.passwordProtected();
  // BIFF8 keeps the workbook in 'Workbook' (BIFF5: 'Book'): converted to .xlsx (legacy-xls.ts).
  if (names.has('Workbook') || names.has('Book')) return convertLegacyXls(bytes);
  throw workbookErrors.corrupt();
}

/** Feeds one zip entry's inflated bytes to a SAX parser. */
interface PartReader {
  write(text: string): void;
  close(): void;
}

function saxReader(handlers: {
  open(tag: SaxesTagPlain, name: string): void;
  close(name: string): void;
  text?(text: string): void;
}): PartReader {
  // Positions (line and column) are only for error messages, which a user never sees: not tracked.
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open(tag, localName(tag.name)));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  const onText = handlers.text;
  if (onText) {
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  return { write: (text) => parser.write(text), close: () => parser.close() };
}

interface PendingString {
  cell: Cell;
  index: number;
}

interface ArrayFormula {
  from: { row: number; col: number };
  to: { row: number; col: number };
  formula: string;
  range: string;
}

class WorkbookCollector {
  readonly sheetsByPath = new Map<string, Omit<SheetData, 'name'>>();
  readonly sheetEntries: { name: string; relId: string }[] = [];
  readonly rels = new Map<string, string>();
  readonly definedNames: { name: string; localSheetId?: number; formula: string }[] = [];
  sharedStrings: string[] | undefined;
  readonly pending: PendingString[] = [];
  cells = 0;
  charts = 0;
  pivotTables = 0;
  sawWorkbook = false;
  unfinished = new Set<string>();

  constructor(private readonly limits: ReadLimits) {}

  countCell() {
    if (++this.cells > this.limits.maxCells) throw workbookErrors.tooManyCells(this.limits.maxCells);
  }

  readerFor(path: string): PartReader | undefined {
    if (path === 'xl/workbook.xml') return this.workbookReader();
    if (path === 'xl/_rels/workbook.xml.rels') return this.relsReader();
    if (path === 'xl/sharedStrings.xml') return this.sharedStringsReader();
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(path)) return this.sheetReader(path);
    if (/^xl\/charts\/chart[^/]*\.xml$/.test(path)) this.charts++;
    if (/^xl\/pivotTables\/[^/]+\.xml$/.test(path)) this.pivotTables++;
    return undefined;
  }

  private workbookReader(): PartReader {
    this.sawWorkbook = true;
    let name: { name: string; localSheetId?: number; formula: string } | undefined;
    return saxReader({
      open: (tag, local) => {
        const a = tag.attributes;
        if (local === 'sheet' && a.name) {
          const relId = Object.entries(a).find(([key]) => localName(key) === 'id' && key.includes(':'))?.[1];
          if (relId) this.sheetEntries.push({ name: a.name, relId });
        } else if (local === 'definedName' && a.name) {
          name = {
            name: a.name,
            formula: '',
            ...(a.localSheetId ? { localSheetId: Number(a.localSheetId) } : {}),
          };
        }
      },
      text: (text) => {
        if (name) name.formula += text;
      },
      close: (local) => {
        if (local === 'definedName' && name) {
          // The filter range is rewritten by Excel whenever a filter is used: not a change of the model.
          if (name.name !== '_xlnm._FilterDatabase') this.definedNames.push(name);
          name = undefined;
        }
      },
    });
  }

  private relsReader(): PartReader {
    return saxReader({
      open: (tag, local) => {
        const { Id, Target } = tag.attributes;
        if (local === 'Relationship' && Id && Target) {
          const path = Target.startsWith('/') ? Target.slice(1) : `xl/${Target.replace(/^\.\//, '')}`;
          this.rels.set(Id, path);
        }
      },
      close: () => {},
    });
  }

  private sharedStringsReader(): PartReader {
    const strings: string[] = [];
    let current: string | undefined;
    let inText = false;
    let phonetic = 0;
    return saxReader({
      open: (_tag, local) => {
        if (local === 'si') current = '';
        else if (local === 'rPh') phonetic++;
        else if (local === 't' && phonetic === 0) inText = true;
      },
      text: (text) => {
        if (inText && current !== undefined) current += text;
      },
      close: (local) => {
        if (local === 't') inText = false;
        else if (local === 'rPh') phonetic--;
        else if (local === 'si') {
          strings.push(current ?? '');
          current = undefined;
        } else if (local === 'sst') {
          this.sharedStrings = strings;
          for (const { cell, index } of this.pending) cell.value = strings[index] ?? '';
          this.pending.length = 0;
        }
      },
    });
  }

  private sheetReader(path: string): PartReader {
    const sheet: Omit<SheetData, 'name'> = { rows: [], columnCount: 0, conditionalFormats: 0 };
    this.sheetsByPath.set(path, sheet);
    this.unfinished.add(path);
    const sharedMasters = new Map<string, { formula: string; row: number; col: number }>();
    const arrays: ArrayFormula[] = [];
    let rowNumber = 0;
    let colNumber = 0;
    // The cell being read.
    let type = 'n';
    let value: string | undefined;
    let inlineText: string | undefined;
    let formula: { text: string; type?: string; ref?: string; si?: string } | undefined;
    let capture: 'v' | 'f' | 't' | undefined;
    let inCell = false;
    let phonetic = 0;

    const finishCell = () => {
      let text = formula?.text;
      let arrayRange: string | undefined;
      if (formula?.type === 'shared' && formula.si !== undefined) {
        const master = sharedMasters.get(formula.si);
        if (text && formula.ref)
          sharedMasters.set(formula.si, { formula: text, row: rowNumber, col: colNumber });
        else if (master) text = shiftFormula(master.formula, rowNumber - master.row, colNumber - master.col);
      } else if (formula?.type === 'array' && formula.ref) {
        const range = parseRange(formula.ref);
        if (range && text) arrays.push({ ...range, formula: text, range: formula.ref });
        arrayRange = formula.ref;
      } else if (!formula && arrays.length > 0) {
        const owner = arrays.find(
          (a) =>
            rowNumber >= a.from.row &&
            rowNumber <= a.to.row &&
            colNumber >= a.from.col &&
            colNumber <= a.to.col,
        );
        if (owner) {
          text = owner.formula;
          arrayRange = owner.range;
        }
      }
      const raw = type === 'inlineStr' ? inlineText : value;
      if (raw === undefined && !text) return; // an empty (perhaps styled) cell: nothing to compare
      let cell: Cell;
      if (raw === undefined) cell = { kind: 'empty', value: '' };
      else if (type === 's') {
        const index = Number(raw);
        cell = { kind: 'string', value: this.sharedStrings?.[index] ?? '' };
        if (!this.sharedStrings) this.pending.push({ cell, index });
      } else if (type === 'str' || type === 'inlineStr' || type === 'd')
        cell = { kind: 'string', value: raw };
      else if (type === 'b') cell = { kind: 'boolean', value: raw.trim() === '1' || raw.trim() === 'true' };
      else if (type === 'e') cell = { kind: 'error', value: raw };
      else {
        const number = Number(raw);
        cell = Number.isFinite(number) ? { kind: 'number', value: number } : { kind: 'string', value: raw };
      }
      if (text) cell.formula = text;
      if (arrayRange) cell.arrayRange = arrayRange;
      this.countCell();
      let row = sheet.rows[rowNumber - 1];
      if (!row) {
        row = [];
        sheet.rows[rowNumber - 1] = row;
      }
      row[colNumber - 1] = cell;
      if (colNumber > sheet.columnCount) sheet.columnCount = colNumber;
    };

    return saxReader({
      open: (tag, local) => {
        const a = tag.attributes;
        switch (local) {
          case 'row':
            rowNumber = a.r ? Number(a.r) : rowNumber + 1;
            colNumber = 0;
            break;
          case 'c': {
            const at = a.r ? cellPosition(a.r) : 0;
            colNumber = at > 0 ? at : colNumber + 1;
            type = a.t ?? 'n';
            value = undefined;
            inlineText = undefined;
            formula = undefined;
            inCell = true;
            break;
          }
          case 'v':
            if (inCell) {
              capture = 'v';
              value = '';
            }
            break;
          case 'f':
            if (inCell) {
              capture = 'f';
              formula = {
                text: '',
                ...(a.t ? { type: a.t } : {}),
                ...(a.ref ? { ref: a.ref } : {}),
                ...(a.si ? { si: a.si } : {}),
              };
            }
            break;
          case 'is':
            inlineText = '';
            break;
          case 'rPh':
            phonetic++;
            break;
          case 't':
            if (inCell && inlineText !== undefined && phonetic === 0) capture = 't';
            break;
          case 'conditionalFormatting':
            sheet.conditionalFormats++;
            break;
        }
      },
      text: (text) => {
        if (capture === 'v') value += text;
        else if (capture === 'f' && formula) formula.text += text;
        else if (capture === 't') inlineText += text;
      },
      close: (local) => {
        if (local === 'v' || local === 'f' || local === 't') capture = undefined;
        else if (local === 'rPh') phonetic--;
        else if (local === 'c') {
          inCell = false;
          finishCell();
        } else if (local === 'worksheet') {
          while (sheet.rows.length > 0 && sheet.rows[sheet.rows.length - 1] === undefined) sheet.rows.pop();
          this.unfinished.delete(path);
        }
      },
    });
  }

  result(): WorkbookData {
    if (!this.sawWorkbook) throw workbookErrors.corrupt('it has no workbook part');
    if (this.unfinished.size > 0) throw workbookErrors.corrupt('a sheet is cut short');
    const sheets: SheetData[] = [];
    for (const entry of this.sheetEntries) {
      const path = this.rels.get(entry.relId);
      const sheet = path ? this.sheetsByPath.get(path) : undefined;
      // Chart sheets and dialog sheets have no worksheet part: they are not compared.
      if (sheet) sheets.push({ name: entry.name, ...sheet });
    }
    const definedNames = this.definedNames.map(({ name, localSheetId, formula }) => {
      const scope = localSheetId === undefined ? undefined : this.sheetEntries[localSheetId]?.name;
      return { name, formula, ...(scope ? { scope } : {}) };
    });
    return { sheets, definedNames, charts: this.charts, pivotTables: this.pivotTables };
  }
}

/**
 * Reads a workbook (.xlsx, .xlsm, or an .xls converted first). Throws WorkbookReadError for a
 * password-protected file, a damaged or non-workbook file, one that inflates beyond the limits (a zip bomb), or one with too many filled cells.
 */
export async function readWorkbook(
  source: WorkbookSource,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<WorkbookData> {
  const collector = new WorkbookCollector(limits);
  let failure: unknown;
  let inputBytes = 0;
  let inflatedBytes = 0;
  const checkInflated = (bytes: number) => {
    inflatedBytes += bytes;
    if (
      inflatedBytes > limits.maxUncompressedBytes ||
      (inflatedBytes > limits.ratioGraceBytes && inflatedBytes > limits.maxRatio * inputBytes)
    )
      throw workbookErrors.zipBomb();
  };

  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file: UnzipFile) => {
    if (failure) return;
    const reader = collector.readerFor(file.name);
    if (!reader) return;
    const decoder = new TextDecoder('utf-8');
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      try {
        if (error) throw workbookErrors.corrupt();
        checkInflated(chunk.length);
        reader.write(decoder.decode(chunk, { stream: !final }));
        if (final) reader.close();
      } catch (caught) {
        failure = caught;
        file.terminate();
      }
    };
    file.start();
  };

  let head: Uint8Array | undefined;
  let compound: Uint8Array[] | undefined;
  for await (const chunk of chunksOf(source)) {
    inputBytes += chunk.length;
    if (!head) {
      head = chunk;
      if (CFB_MAGIC.every((byte, i) => chunk[i] === byte)) compound = [];
      else if (chunk[0] !== 0x50 || chunk[1] !== 0x4b) throw workbookErrors.corrupt();
    }
    if (compound) {
      // Collected whole: to tell a password from an .xls, and to convert an .xls in memory.
      if (inputBytes > limits.maxCompoundBytes)
        throw workbookErrors.compoundTooLarge(limits.maxCompoundBytes);
      compound.push(chunk);
      continue;
    }
    try {
      unzip.push(chunk);
    } catch (caught) {
      failure ??= caught;
    }
    if (failure) break;
  }
  if (compound) return readWorkbook(xlsxOfCompoundFile(Buffer.concat(compound)), limits);
  if (!head) throw workbookErrors.corrupt('the file is empty');
  if (!failure) {
    try {
      unzip.push(new Uint8Array(0), true);
    } catch (caught) {
      failure = caught;
    }
  }
  if (failure) {
    if (failure instanceof WorkbookReadError) throw failure;
    throw workbookErrors.corrupt();
  }
  return collector.result();
}
