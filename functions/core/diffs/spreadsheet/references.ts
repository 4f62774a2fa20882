/**
 * Cell references inside formulas: A1 ↔ R1C1, shifting (to expand shared formulas) and mapping
 * through a row/column alignment (to tell a reference that moved with an inserted row from a user's
 * edit). One scanner finds the references; string literals, structured references (`Table1[Col]`)
 * and function names (`LOG10(`) are left alone.
 */

export interface RefPart {
  row?: { n: number; abs: boolean };
  col?: { n: number; abs: boolean };
}

/** A reference as written: its sheet prefix (`Sheet1!`, `'My sheet'!`, or null) and 1 or 2 parts. */
export interface Reference {
  sheet: string | null;
  prefix: string;
  parts: RefPart[];
}

const MAX_ROW = 1_048_576;
const MAX_COL = 16_384;

export function columnLetters(col: number): string {
  let letters = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export const cellAddress = (row: number, col: number) => `${columnLetters(col)}${row}`;

/** `B12` → { row: 12, col: 2 }; undefined when it is not a plain cell address. */
export function parseAddress(address: string): { row: number; col: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(address);
  if (!match) return undefined;
  return { row: Number(match[2]), col: columnNumber(match[1] as string) };
}

export function parseRange(range: string) {
  const [first, last = first] = range.split(':');
  const from = first ? parseAddress(first) : undefined;
  const to = last ? parseAddress(last) : undefined;
  return from && to ? { from, to } : undefined;
}

// Letters and digits anchored at a token boundary; the look-ahead keeps function names (`LOG10(`),
// sheet names (`Q1!`) and longer identifiers from being read as references.
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d{1,7}`;
const REF_AT = new RegExp(
  String.raw`(?:(${CELL})(?::(${CELL}))?|(\$?[A-Za-z]{1,3}):(\$?[A-Za-z]{1,3})|(\$?\d{1,7}):(\$?\d{1,7}))(?![A-Za-z0-9_(!.\[])`,
  'y',
);
const SHEET_AT = /([A-Za-z_\\][A-Za-z0-9_.]*)!/y;
const IDENT_CHAR = /[A-Za-z0-9_.$\\]/;

function cellPart(text: string): RefPart | undefined {
  const match = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/.exec(text);
  if (!match) return undefined;
  const col = columnNumber(match[2] as string);
  const row = Number(match[4]);
  if (col > MAX_COL || row > MAX_ROW || row < 1) return undefined;
  return { col: { n: col, abs: match[1] === '$' }, row: { n: row, abs: match[3] === '$' } };
}

function colPart(text: string): RefPart | undefined {
  const col = columnNumber(text.replace('$', ''));
  return col > MAX_COL ? undefined : { col: { n: col, abs: text.startsWith('$') } };
}

function rowPart(text: string): RefPart | undefined {
  const row = Number(text.replace('$', ''));
  return row < 1 || row > MAX_ROW ? undefined : { row: { n: row, abs: text.startsWith('$') } };
}

/** The reference at `at` (after any sheet prefix), or undefined. */
function referenceAt(formula: string, at: number): { parts: RefPart[]; end: number } | undefined {
  REF_AT.lastIndex = at;
  const m = REF_AT.exec(formula);
  if (!m) return undefined;
  let parts: (RefPart | undefined)[];
  if (m[1]) parts = m[2] ? [cellPart(m[1]), cellPart(m[2])] : [cellPart(m[1])];
  else if (m[3] && m[4]) parts = [colPart(m[3]), colPart(m[4])];
  else parts = [rowPart(m[5] as string), rowPart(m[6] as string)];
  if (parts.some((p) => p === undefined)) return undefined;
  return { parts: parts as RefPart[], end: REF_AT.lastIndex };
}

/**
 * Rewrites every reference of `formula` with `replace` (which returns the new text, or null to stop:
 * then the whole call returns null).
 */
export function rewriteReferences(
  formula: string,
  replace: (ref: Reference) => string | null,
): string | null {
  let out = '';
  let i = 0;
  const n = formula.length;
  while (i < n) {
    const ch = formula[i] as string;
    if (ch === '"') {
      let j = i + 1;
      while (j < n && !(formula[j] === '"' && formula[j + 1] !== '"')) j += formula[j] === '"' ? 2 : 1;
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '[') {
      let depth = 0;
      let j = i;
      for (; j < n; j++) {
        if (formula[j] === '[') depth++;
        else if (formula[j] === ']' && --depth === 0) break;
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    let sheet: string | null = null;
    let prefixEnd = i;
    if (ch === "'") {
      let j = i + 1;
      while (j < n && !(formula[j] === "'" && formula[j + 1] !== "'")) j += formula[j] === "'" ? 2 : 1;
      if (formula[j + 1] === '!') {
        sheet = formula.slice(i + 1, j).replaceAll("''", "'");
        prefixEnd = j + 2;
      }
    } else if (IDENT_CHAR.test(ch)) {
      SHEET_AT.lastIndex = i;
      const m = SHEET_AT.exec(formula);
      if (m) {
        sheet = m[1] as string;
        prefixEnd = SHEET_AT.lastIndex;
      }
    }
    if (ch === "'" || IDENT_CHAR.test(ch)) {
      const ref = referenceAt(formula, prefixEnd);
      if (ref) {
        const replaced = replace({ sheet, prefix: formula.slice(i, prefixEnd), parts: ref.parts });
        if (replaced === null) return null;
        out += replaced;
        i = ref.end;
        continue;
      }
      // Not a reference: copy the whole token so that its tail is never read as one.
      let j = prefixEnd > i ? prefixEnd : i + 1;
      if (prefixEnd === i) while (j < n && IDENT_CHAR.test(formula[j] as string)) j++;
      out += formula.slice(i, j);
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

const partA1 = (p: RefPart) =>
  `${p.col ? `${p.col.abs ? '$' : ''}${columnLetters(p.col.n)}` : ''}${p.row ? `${p.row.abs ? '$' : ''}${p.row.n}` : ''}`;

function partR1C1(p: RefPart, row: number, col: number): string {
  const axis = (letter: string, c: { n: number; abs: boolean } | undefined, origin: number) => {
    if (!c) return '';
    if (c.abs) return `${letter}${c.n}`;
    return c.n === origin ? letter : `${letter}[${c.n - origin}]`;
  };
  return axis('R', p.row, row) + axis('C', p.col, col);
}

/** The formula in R1C1 form relative to the cell at (row, col): equal texts mean the same computation. */
export function toR1C1(formula: string, row: number, col: number): string {
  return (
    rewriteReferences(formula, (ref) => ref.prefix + ref.parts.map((p) => partR1C1(p, row, col)).join(':')) ??
    formula
  );
}

/**
 * The formula copied `dRow` rows and `dCol` columns away, as Excel fills a shared formula: relative
 * parts move, absolute ones stay; a reference pushed off the sheet becomes `#REF!`.
 */
export function shiftFormula(formula: string, dRow: number, dCol: number): string {
  if (dRow === 0 && dCol === 0) return formula;
  return (
    rewriteReferences(formula, (ref) => {
      const parts: RefPart[] = [];
      for (const p of ref.parts) {
        const row = p.row && (p.row.abs ? p.row : { n: p.row.n + dRow, abs: false });
        const col = p.col && (p.col.abs ? p.col : { n: p.col.n + dCol, abs: false });
        if ((row && (row.n < 1 || row.n > MAX_ROW)) || (col && (col.n < 1 || col.n > MAX_COL)))
          return `${ref.prefix}#REF!`;
        parts.push({ ...(row ? { row } : {}), ...(col ? { col } : {}) });
      }
      return ref.prefix + parts.map(partA1).join(':');
    }) ?? formula
  );
}

/** Old row/column number → new one in the sheet named `sheet` (null: the current sheet); null when deleted. */
export interface ReferenceMap {
  row(sheet: string | null, row: number): number | null;
  col(sheet: string | null, col: number): number | null;
  /** The sheet's name in the new file when it was renamed. */
  renamed?(sheet: string): string | undefined;
}

/** A sheet name as a formula writes it before `!`: quoted unless it is a plain identifier. */
export function sheetPrefix(name: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name);
  return plain ? `${name}!` : `'${name.replaceAll("'", "''")}'!`;
}

/**
 * The old formula with each reference moved to where its cells now are. Equal to the new formula
 * means the formula text changed only because rows or columns moved. Null when a referenced row or
 * column no longer exists.
 */
export function mapReferences(formula: string, map: ReferenceMap): string | null {
  return rewriteReferences(formula, (ref) => {
    const parts: RefPart[] = [];
    for (const p of ref.parts) {
      const row = p.row && map.row(ref.sheet, p.row.n);
      const col = p.col && map.col(ref.sheet, p.col.n);
      if (row === null || col === null) return null;
      parts.push({
        ...(p.row && row !== undefined ? { row: { n: row, abs: p.row.abs } } : {}),
        ...(p.col && col !== undefined ? { col: { n: col, abs: p.col.abs } } : {}),
      });
    }
    const renamed = ref.sheet === null ? undefined : map.renamed?.(ref.sheet);
    return (renamed ? sheetPrefix(renamed) : ref.prefix) + parts.map(partA1).join(':');
  });
}

/** The formula with every reference replaced by `#`: stable under inserts, used only to align rows and columns. */
export function formulaShape(formula: string): string {
  return rewriteReferences(formula, () => '#') ?? formula;
}
