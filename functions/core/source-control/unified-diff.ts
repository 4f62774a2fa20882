import type { SourceDiffHunk, SourceDiffLine, SourceFileDiff } from '@shared/schemas/source-control';

/**
 * `git diff` output (unified format, `--no-renames`, `core.quotePath=false`) as the wire's file
 * diffs: the shape Bitbucket's /diff answers, so both providers look the same to the web app.
 */
export function parseUnifiedDiff(text: string): SourceFileDiff[] {
  const files: SourceFileDiff[] = [];
  let file: { source?: string; destination?: string; binary: boolean; hunks: SourceDiffHunk[] } | undefined;
  let hunk: SourceDiffHunk | undefined;
  let sourceNo = 0;
  let destinationNo = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = { binary: false, hunks: [] };
      files.push(file);
      hunk = undefined;
      continue;
    }
    if (!file) continue;
    if (!hunk) {
      if (line.startsWith('--- ')) file.source = sidePath(line.slice(4), 'a/');
      else if (line.startsWith('+++ ')) file.destination = sidePath(line.slice(4), 'b/');
      else if (line.startsWith('Binary files ')) {
        file.binary = true;
        const match = /^Binary files (.+) and (.+) differ$/.exec(line);
        if (match) {
          file.source = sidePath(match[1] ?? '', 'a/');
          file.destination = sidePath(match[2] ?? '', 'b/');
        }
      }
    }
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (header) {
      sourceNo = Number(header[1]);
      destinationNo = Number(header[3]);
      hunk = {
        sourceLine: sourceNo,
        sourceSpan: header[2] === undefined ? 1 : Number(header[2]),
        destinationLine: destinationNo,
        destinationSpan: header[4] === undefined ? 1 : Number(header[4]),
        lines: [],
      };
      file.hunks.push(hunk);
      continue;
    }
    if (!hunk) continue;
    const marker = line[0];
    const body = line.slice(1);
    let entry: SourceDiffLine | undefined;
    if (marker === '+') entry = { type: 'added', text: body, destination: destinationNo++ };
    else if (marker === '-') entry = { type: 'removed', text: body, source: sourceNo++ };
    else if (marker === ' ')
      entry = { type: 'context', text: body, source: sourceNo++, destination: destinationNo++ };
    // '\ No newline at end of file' and the trailing empty line carry no line of the files.
    if (entry) hunk.lines.push(entry);
  }
  return files;
}

function sidePath(raw: string, prefix: string): string | undefined {
  if (raw === '/dev/null') return undefined;
  return raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
}
