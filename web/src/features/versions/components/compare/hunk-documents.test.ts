// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hunkDocuments } from './hunk-documents';

describe('hunkDocuments', () => {
  it('rebuilds both sides of each hunk under one shared header, keeping the real line numbers', () => {
    const docs = hunkDocuments([
      {
        oldStart: 10,
        oldLines: 3,
        newStart: 10,
        newLines: 3,
        lines: [
          ' keep <- 1',
          '-rate <- 0.03',
          '+rate <- 0.035',
          ' keep <- 2',
          '\\ No newline at end of file',
        ],
      },
    ]);
    expect(docs.a).toBe('@@ -10,3 +10,3 @@\nkeep <- 1\nrate <- 0.03\nkeep <- 2');
    expect(docs.b).toBe('@@ -10,3 +10,3 @@\nkeep <- 1\nrate <- 0.035\nkeep <- 2');
    expect(docs.aLines).toEqual([null, 10, 11, 12]);
    expect(docs.bLines).toEqual([null, 10, 11, 12]);
  });

  it('numbers added lines on the new side only', () => {
    const docs = hunkDocuments([
      { oldStart: 1, oldLines: 1, newStart: 1, newLines: 3, lines: [' a', '+b', '+c'] },
    ]);
    expect(docs.aLines).toEqual([null, 1]);
    expect(docs.bLines).toEqual([null, 1, 2, 3]);
  });

  it('gives empty documents without hunks', () => {
    expect(hunkDocuments([])).toEqual({ a: '', b: '', aLines: [], bLines: [] });
  });
});
