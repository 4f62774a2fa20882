import type { TextHunk } from '@shared/schemas/compare';

/** Both sides of a text diff as documents for the merge view, with each line's number in its file. */
export interface HunkDocuments {
  a: string;
  b: string;
  /** Line number in the file of each document line (1-based index); null for a hunk's header line. */
  aLines: (number | null)[];
  bLines: (number | null)[];
}

/**
 * The server sends a text diff as jsdiff hunks (changed lines with a little context), not the two
 * files: the merge view gets two documents made of the hunks only. Each hunk starts with the same
 * header line on both sides ("@@ -10,4 +10,6 @@"), so the view aligns the hunks and does not mark the
 * headers as changes; the gutters show the lines' real numbers from `aLines` / `bLines`.
 */
export function hunkDocuments(hunks: readonly TextHunk[]): HunkDocuments {
  const a: string[] = [];
  const b: string[] = [];
  const aLines: (number | null)[] = [];
  const bLines: (number | null)[] = [];
  for (const hunk of hunks) {
    const header = `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
    a.push(header);
    b.push(header);
    aLines.push(null);
    bLines.push(null);
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const mark = line[0];
      const text = line.slice(1);
      // '\ No newline at end of file' belongs to the line before it: nothing to show.
      if (mark === '\\') continue;
      if (mark !== '+') {
        a.push(text);
        aLines.push(oldLine++);
      }
      if (mark !== '-') {
        b.push(text);
        bLines.push(newLine++);
      }
    }
  }
  return { a: a.join('\n'), b: b.join('\n'), aLines, bLines };
}
