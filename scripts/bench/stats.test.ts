import { describe, expect, it } from 'vitest';
import { formatTable, median, percentile } from './stats';

describe('percentile', () => {
  it('uses the nearest rank, so p95 of 1..100 is 95', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 100)).toBe(100);
  });

  it('takes the median of an odd sample count as its middle value', () => {
    expect(median([9, 1, 5, 3, 7])).toBe(5);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('formatTable', () => {
  it('left-aligns the first column and right-aligns the figures', () => {
    const table = formatTable(
      ['what', 'p50'],
      [
        ['gateway', '1.00 ms'],
        ['ddb', '0.50 ms'],
      ],
    );
    expect(table.split('\n')).toEqual([
      'what         p50',
      '-------  -------',
      'gateway  1.00 ms',
      'ddb      0.50 ms',
    ]);
  });
});

describe('formatTable alignment', () => {
  it('follows the given alignment letters', () => {
    const table = formatTable(['a', 'b'], [['x', 'long text']], 'rl');
    expect(table.split('\n')[2]).toBe('x  long text');
    expect(table.split('\n')[0]).toBe('a  b');
  });
});
