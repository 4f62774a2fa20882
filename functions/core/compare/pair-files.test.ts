import { describe, expect, it } from 'vitest';
import { type PairingFile, pairFiles } from './pair-files';

/** A file of entry `entry`; `origins` are the identities it was carried from, nearest first. */
const file = (entry: string, uuid: string, fullPath: string, origins: string[] = []): PairingFile => {
  const slash = fullPath.lastIndexOf('/');
  return {
    uuid,
    path: slash < 0 ? '' : fullPath.slice(0, slash),
    name: slash < 0 ? fullPath : fullPath.slice(slash + 1),
    chain: [`${entry}/${uuid}`, ...origins],
  };
};
const summary = (pairs: ReturnType<typeof pairFiles>) =>
  pairs.map((p) => [p.before?.uuid ?? null, p.after?.uuid ?? null, p.pairedBy ?? null]);

describe('pairFiles', () => {
  it('pairs a renamed and moved file by its history chain, not by path', () => {
    const before = [file('A', 'a1', 'model.R')];
    const after = [file('B', 'b1', 'code/model-v2.R', ['A/a1'])];
    expect(summary(pairFiles(before, after))).toEqual([['a1', 'b1', 'history']]);
  });

  it('pairs through versions in between, and in both directions', () => {
    const before = [file('A', 'a1', 'inputs.csv')];
    const after = [file('C', 'c1', 'data/inputs.csv', ['B/b1', 'A/a1'])];
    expect(summary(pairFiles(before, after))).toEqual([['a1', 'c1', 'history']]);
    expect(summary(pairFiles(after, before))).toEqual([['c1', 'a1', 'history']]);
  });

  it('pairs the copies of one file in two sibling versions', () => {
    const left = [file('B1', 'x', 'one.py', ['A/a1'])];
    const right = [file('B2', 'y', 'two.py', ['A/a1'])];
    expect(summary(pairFiles(left, right))).toEqual([['x', 'y', 'history']]);
  });

  it('prefers the history chain over a file that merely sits at the same path', () => {
    // The original moved to old/, and a new unrelated file took its place.
    const before = [file('A', 'a1', 'inputs.csv')];
    const after = [file('B', 'b1', 'old/inputs.csv', ['A/a1']), file('B', 'b2', 'inputs.csv')];
    expect(summary(pairFiles(before, after))).toEqual([
      [null, 'b2', null],
      ['a1', 'b1', 'history'],
    ]);
  });

  it('pairs by folder path and name when the files share no history', () => {
    const before = [file('A', 'a1', 'src/run.py'), file('A', 'a2', 'README.md')];
    const after = [file('B', 'b1', 'src/run.py'), file('B', 'b2', 'readme.md')];
    expect(summary(pairFiles(before, after))).toEqual([
      [null, 'b2', null],
      ['a2', null, null],
      ['a1', 'b1', 'path'],
    ]);
  });

  it('pairs each file once, the nearer relative first', () => {
    // a2 was carried from a1 inside the earlier history; b1 descends from a2, b2 from a1 only.
    const before = [file('A', 'a1', 'x.R'), file('A', 'a2', 'copy/x.R', ['A0/a1'])];
    const after = [file('B', 'b1', 'copy/x.R', ['A/a2', 'A0/a1']), file('B', 'b2', 'x.R', ['A/a1'])];
    expect(summary(pairFiles(before, after))).toEqual([
      ['a2', 'b1', 'history'],
      ['a1', 'b2', 'history'],
    ]);
  });

  it('reports files only in the first version as removed and only in the other as added', () => {
    const pairs = pairFiles([file('A', 'a1', 'gone.txt')], [file('B', 'b1', 'new.txt')]);
    expect(summary(pairs)).toEqual([
      ['a1', null, null],
      [null, 'b1', null],
    ]);
  });

  it('pairs nothing for two empty versions', () => {
    expect(pairFiles([], [])).toEqual([]);
  });
});
