import { describe, expect, it } from 'vitest';
import { UnprocessableError } from '../../lib/errors';
import { TEXT_DIFF_MAX_BYTES, TEXT_TOO_DIFFERENT, textDiff } from './text-diff';

const side = (name: string, text: string | Uint8Array) => ({
  name,
  bytes: typeof text === 'string' ? new TextEncoder().encode(text) : text,
});

describe('textDiff', () => {
  it('answers the changed lines as hunks with their context', () => {
    const before = ['a <- 1', 'b <- 2', 'c <- 3', 'd <- 4', 'e <- 5', 'f <- 6', 'g <- 7', 'h <- 8', ''].join(
      '\n',
    );
    const after = before.replace('e <- 5', 'e <- 50');
    const diff = textDiff(side('model.R', before), side('model.R', after));
    expect(diff.hunks).toEqual([
      {
        oldStart: 2,
        oldLines: 7,
        newStart: 2,
        newLines: 7,
        lines: [' b <- 2', ' c <- 3', ' d <- 4', '-e <- 5', '+e <- 50', ' f <- 6', ' g <- 7', ' h <- 8'],
      },
    ]);
  });

  it('answers no hunks for equal texts, and for texts that differ only in Windows line ends', () => {
    expect(textDiff(side('a.csv', 'x,y\n1,2\n'), side('a.csv', 'x,y\r\n1,2\r\n')).hunks).toEqual([]);
  });

  it('refuses a side larger than the limit with a message naming the file', () => {
    const big = new Uint8Array(TEXT_DIFF_MAX_BYTES + 1).fill(97);
    expect(() => textDiff(side('data.csv', 'x'), side('data.csv', big))).toThrow(
      new UnprocessableError(
        'data.csv is larger than 1 MB, too large to show its changes here. Download both versions to compare them.',
      ),
    );
  });

  it('refuses a binary body whatever its extension', () => {
    expect(() =>
      textDiff(side('notes.txt', 'a'), side('notes.txt', new Uint8Array([80, 75, 3, 4, 0, 0]))),
    ).toThrow('notes.txt is not a text file, so its changes cannot be shown line by line.');
  });

  it('gives up with a clear message when the diff does not finish in time', () => {
    const lines = (seed: number) =>
      Array.from({ length: 20_000 }, (_, i) => `${(i * seed) % 7919} ${i % 13}`).join('\n');
    expect(() => textDiff(side('a.txt', lines(17)), side('a.txt', lines(31)), 0)).toThrow(TEXT_TOO_DIFFERENT);
  });
});
