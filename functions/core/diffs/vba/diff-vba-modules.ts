import type {
  MacroLine,
  MacroModuleDiff,
  MacroStatus,
  MacroSummary,
  VbaModuleKind,
} from '@shared/diffs/macros';
import { diffArrays } from 'diff';
import type { VbaModule } from './vba-project';

export interface VbaDiffOptions {
  /**
   * Count letter-case-only and Attribute changes as changes (the UI toggle). Off by default: the
   * lines are flagged either way, only the status and the counts depend on it.
   */
  showCosmetic?: boolean;
  /**
   * Beyond this many changed lines a module is shown as rewritten (all lines out, all lines in)
   * instead of aligned: Myers' algorithm costs time in proportion to the edits, and two unrelated
   * modules of many thousand lines would otherwise hold the function for a long time.
   */
  maxEditLength?: number;
}

const DEFAULT_MAX_EDIT_LENGTH = 2000;

/** `Attribute VB_Name = ...` and the per-member form `Attribute Foo.VB_Description = ...`. */
const ATTRIBUTE_LINE = /^\s*Attribute\s+(?:[A-Za-z_][A-Za-z0-9_]*\.)?VB_/i;
/** A `Rem` comment at the start of a statement (after an optional line number). */
const REM_COMMENT = /^(\s*(?:\d+\s+)?)rem(?=\s|$)/i;

/**
 * The line with the case of its code folded, so that lines equal under this key differ at most in
 * letter case where the VBA editor re-capitalises: identifiers and keywords. String literals and
 * comments keep their case, since the editor never touches them and a change there is the user's.
 */
export function letterCaseKey(line: string): string {
  const rem = REM_COMMENT.exec(line);
  if (rem) return `${rem[1]}rem${line.slice((rem[0] as string).length)}`;
  // Whole segments at a time: code is lower-cased, a "literal" (a doubled quote inside one closes and
  // reopens it, with the same result) and a ' comment to the end of the line are kept.
  let key = '';
  let from = 0;
  while (from < line.length) {
    const quote = line.indexOf('"', from);
    const comment = line.indexOf("'", from);
    if (comment !== -1 && (quote === -1 || comment < quote)) {
      return key + line.slice(from, comment).toLowerCase() + line.slice(comment);
    }
    if (quote === -1) return key + line.slice(from).toLowerCase();
    const close = line.indexOf('"', quote + 1);
    const end = close === -1 ? line.length : close + 1;
    key += line.slice(from, quote).toLowerCase() + line.slice(quote, end);
    from = end;
  }
  return key;
}

export function isAttributeLine(line: string): boolean {
  return ATTRIBUTE_LINE.test(line);
}

function splitLines(code: string): string[] {
  if (code === '') return [];
  const lines = code.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The line diff of two versions of one module's text ('' for a module that does not exist). */
export function diffModuleLines(
  before: string,
  after: string,
  maxEditLength = DEFAULT_MAX_EDIT_LENGTH,
): MacroLine[] {
  const lines1 = splitLines(before);
  const lines2 = splitLines(after);
  const keys1 = lines1.map(letterCaseKey);
  const keys2 = lines2.map(letterCaseKey);
  const parts = diffArrays(keys1, keys2, { maxEditLength }) ?? [
    { removed: true, added: false, count: lines1.length, value: keys1 },
    { removed: false, added: true, count: lines2.length, value: keys2 },
  ];

  const out: MacroLine[] = [];
  let i1 = 0;
  let i2 = 0;
  const minus = (cosmetic?: MacroLine['cosmetic']) => {
    const text = lines1[i1] as string;
    out.push({ tag: 'minus', text, line1: ++i1, ...(cosmetic ? { cosmetic } : {}) });
  };
  const plus = (cosmetic?: MacroLine['cosmetic']) => {
    const text = lines2[i2] as string;
    out.push({ tag: 'plus', text, line2: ++i2, ...(cosmetic ? { cosmetic } : {}) });
  };
  for (const part of parts) {
    const count = part.count ?? part.value.length;
    for (let n = 0; n < count; n++) {
      if (part.removed) {
        minus(isAttributeLine(lines1[i1] as string) ? 'attribute' : undefined);
      } else if (part.added) {
        plus(isAttributeLine(lines2[i2] as string) ? 'attribute' : undefined);
      } else if (lines1[i1] === lines2[i2]) {
        out.push({ tag: 'equal', text: lines2[i2] as string, line1: ++i1, line2: ++i2 });
      } else {
        // Equal once case is folded: the editor re-capitalised a name on this line.
        const cosmetic = isAttributeLine(lines2[i2] as string) ? 'attribute' : 'letter-case';
        minus(cosmetic);
        plus(cosmetic);
      }
    }
  }
  return out;
}

/** The order of the VBA editor's project tree: Excel objects, forms, modules, class modules. */
const KIND_ORDER: Record<VbaModuleKind, number> = { document: 0, form: 1, standard: 2, class: 3 };

function summarize(
  name: string,
  kind: VbaModuleKind,
  presence: 'both' | 'added' | 'removed',
  lines: MacroLine[],
  showCosmetic: boolean,
): MacroModuleDiff {
  let linesAdded = 0;
  let linesRemoved = 0;
  let cosmeticLines = 0;
  for (const line of lines) {
    if (line.tag === 'equal') continue;
    if (line.cosmetic) cosmeticLines++;
    else if (line.tag === 'plus') linesAdded++;
    else linesRemoved++;
  }
  let status: MacroStatus;
  if (presence !== 'both') status = presence;
  else if (linesAdded + linesRemoved > 0 || (showCosmetic && cosmeticLines > 0)) status = 'changed';
  else status = 'unchanged';
  return { name, kind, status, linesAdded, linesRemoved, cosmeticLines, lines };
}

/**
 * Compare the VBA modules of two workbook versions: every module of either, paired by name (VBA
 * names are case-insensitive), with its status and line diff, in the VBA editor's order.
 */
export function diffVbaModules(
  modules1: VbaModule[],
  modules2: VbaModule[],
  options: VbaDiffOptions = {},
): MacroModuleDiff[] {
  const showCosmetic = options.showCosmetic ?? false;
  const maxEditLength = options.maxEditLength ?? DEFAULT_MAX_EDIT_LENGTH;
  const byName2 = new Map(modules2.map((module) => [module.name.toLowerCase(), module]));
  const names1 = new Set(modules1.map((module) => module.name.toLowerCase()));
  const diffs: MacroModuleDiff[] = [];
  for (const module1 of modules1) {
    const module2 = byName2.get(module1.name.toLowerCase());
    const lines = diffModuleLines(module1.code, module2?.code ?? '', maxEditLength);
    diffs.push(
      module2
        ? summarize(module2.name, module2.kind, 'both', lines, showCosmetic)
        : summarize(module1.name, module1.kind, 'removed', lines, showCosmetic),
    );
  }
  for (const module2 of modules2) {
    if (names1.has(module2.name.toLowerCase())) continue;
    diffs.push(
      summarize(
        module2.name,
        module2.kind,
        'added',
        diffModuleLines('', module2.code, maxEditLength),
        showCosmetic,
      ),
    );
  }
  return diffs.sort(
    (x, y) =>
      KIND_ORDER[x.kind] - KIND_ORDER[y.kind] || x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }),
  );
}

/** The overview entry of a module diff (`macros` in the workbook comparison), without its lines. */
export function toMacroSummary({ lines: _lines, ...summary }: MacroModuleDiff): MacroSummary {
  return summary;
}
