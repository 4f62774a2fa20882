import { describe, expect, it } from 'vitest';
import { compareBounded, convert, formatDate, kindOf, type ValueKind } from './converters';

const ok = (value: unknown) => ({ ok: true, value });
const failed = (message: string) => ({ ok: false, message });

describe('run-time converters (§5)', () => {
  const rows: [ValueKind, unknown, unknown][] = [
    // boolean accepts true/false in any case
    ['boolean', 'true', ok(true)],
    ['boolean', 'FALSE', ok(false)],
    ['boolean', ' True ', ok(true)],
    ['boolean', true, ok(true)],
    ['boolean', 'yes', failed('Failed to parse boolean from yes')],
    ['boolean', 1, failed('Failed to parse boolean from 1')],
    // integer must be an integer
    ['integer', '42', ok(42)],
    ['integer', 7, ok(7)],
    ['integer', '-3', ok(-3)],
    ['integer', '4.5', failed('Failed to parse integer from 4.5')],
    ['integer', 'abc', failed('Failed to parse integer from abc')],
    ['integer', true, failed('Failed to parse integer from true')],
    ['integer', '  ', failed('Failed to parse integer from   ')],
    // real number must be finite
    ['real number', '0.25', ok(0.25)],
    ['real number', '1e3', ok(1000)],
    ['real number', 'Infinity', failed('Failed to parse real number from Infinity')],
    ['real number', 'x1', failed('Failed to parse real number from x1')],
    // decimal must not be NaN
    ['decimal', '-1.5', ok(-1.5)],
    ['decimal', 'Infinity', ok(Number.POSITIVE_INFINITY)],
    ['decimal', 'NaN', failed('Failed to parse decimal from NaN')],
    ['decimal', Number.NaN, failed('Failed to parse decimal from NaN')],
    // date must match year-month-day and comes out as yyyy-MM-dd
    ['date', '2024-3-7', ok('2024-03-07')],
    ['date', '2024-03-07T10:00:00Z', ok('2024-03-07')],
    ['date', '07/03/2024', failed('Failed to parse date from 07/03/2024')],
    ['date', '2024-02-30', failed('Failed to parse date from 2024-02-30')],
    ['date', 20240307, failed('Failed to parse date from 20240307')],
    // string accepts a string or a number
    ['string', 'abc', ok('abc')],
    ['string', 12.5, ok('12.5')],
    ['string', { a: 1 }, failed('Failed to parse string from {"a":1}')],
    ['string', false, failed('Failed to parse string from false')],
    // empty values become an empty string or null
    ['string', '', ok('')],
    ['string', null, ok('')],
    ['string', undefined, ok('')],
    ['integer', '', ok(null)],
    ['real number', null, ok(null)],
    ['decimal', undefined, ok(null)],
    ['date', '', ok(null)],
    ['boolean', null, ok(null)],
  ];
  it.each(rows)('%s from %j gives %j', (kind, raw, expected) => {
    expect(convert(kind, raw)).toEqual(expected);
  });
});

describe('dates', () => {
  it('formats a Date as yyyy-MM-dd (UTC)', () => {
    expect(formatDate(new Date(Date.UTC(2024, 0, 5)))).toBe('2024-01-05');
  });
  it.each([
    ['2020-01-02', '2020-01-10', -1],
    ['2020-9-1', '2020-10-01', -1],
    ['2021-01-01', '2020-12-31', 1],
    ['2020-01-01', '2020-1-1', 0],
  ])('compares %s and %s as dates', (a, b, sign) => {
    expect(Math.sign(compareBounded(a, b))).toBe(sign);
  });
});

describe('kindOf', () => {
  it.each([
    ['BOOLEAN', 'boolean'],
    ['INTEGER', 'integer'],
    ['REAL_NUMBER', 'real number'],
    ['DECIMAL', 'decimal'],
    ['DATE', 'date'],
    ['STRING', 'string'],
    ['LABEL', 'string'],
    ['SINGLE_SELECT', undefined],
    ['ARRAY', undefined],
  ] as const)('%s converts as %s', (type, kind) => {
    expect(kindOf(type)).toBe(kind);
  });
});
