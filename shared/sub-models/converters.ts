import { failedToParse } from './messages';
import type { ColumnDataType, ParameterType } from './parameter-types';

/**
 * Run-time converters (spec 001 §5): turn a raw value (typed text, an imported cell, a JSON value) into
 * the value a parameter holds. Empty values (undefined, null, '') become '' for strings and null
 * otherwise; a value that cannot be read fails with 'Failed to parse <kind> from <value>'.
 */
export type ValueKind = 'boolean' | 'integer' | 'real number' | 'decimal' | 'date' | 'string';

export type Converted<T> = { ok: true; value: T } | { ok: false; message: string };

export type ScalarValue = string | number | boolean | null;

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const fail = (kind: ValueKind, raw: unknown): Converted<never> => ({
  ok: false,
  message: failedToParse(kind, raw),
});

export const isEmptyValue = (raw: unknown): raw is undefined | null | '' =>
  raw === undefined || raw === null || raw === '';

export function toBoolean(raw: unknown): Converted<boolean | null> {
  if (isEmptyValue(raw)) return ok(null);
  if (typeof raw === 'boolean') return ok(raw);
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase();
    if (text === 'true') return ok(true);
    if (text === 'false') return ok(false);
  }
  return fail('boolean', raw);
}

/** Number() reads '1e3' and ' 4 ' but also '' and '  ' as 0, which must not pass as a number. */
function numberOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.trim() !== '') return Number(raw);
  return undefined;
}

export function toInteger(raw: unknown): Converted<number | null> {
  if (isEmptyValue(raw)) return ok(null);
  const n = numberOf(raw);
  return n !== undefined && Number.isInteger(n) ? ok(n) : fail('integer', raw);
}

/** A real number must be finite. */
export function toRealNumber(raw: unknown): Converted<number | null> {
  if (isEmptyValue(raw)) return ok(null);
  const n = numberOf(raw);
  return n !== undefined && Number.isFinite(n) ? ok(n) : fail('real number', raw);
}

/** A decimal must not be NaN (the spec asks no more: Infinity passes here, bounds catch it). */
export function toDecimal(raw: unknown): Converted<number | null> {
  if (isEmptyValue(raw)) return ok(null);
  const n = numberOf(raw);
  return n !== undefined && !Number.isNaN(n) ? ok(n) : fail('decimal', raw);
}

const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/;

/** The date as yyyy-MM-dd if `raw` starts with a real calendar year-month-day, else undefined. */
export function formatDate(raw: unknown): string | undefined {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? undefined : raw.toISOString().slice(0, 10);
  if (typeof raw !== 'string') return undefined;
  const match = YEAR_MONTH_DAY.exec(raw.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Dates must match year-month-day; they come out as yyyy-MM-dd. */
export function toDate(raw: unknown): Converted<string | null> {
  if (isEmptyValue(raw)) return ok(null);
  const date = formatDate(raw);
  return date === undefined ? fail('date', raw) : ok(date);
}

/** Strings accept a string or a number. */
export function toText(raw: unknown): Converted<string> {
  if (isEmptyValue(raw)) return ok('');
  if (typeof raw === 'string') return ok(raw);
  if (typeof raw === 'number' && Number.isFinite(raw)) return ok(String(raw));
  return fail('string', raw);
}

const CONVERTERS: Record<ValueKind, (raw: unknown) => Converted<ScalarValue>> = {
  boolean: toBoolean,
  integer: toInteger,
  'real number': toRealNumber,
  decimal: toDecimal,
  date: toDate,
  string: toText,
};

export function convert(kind: ValueKind, raw: unknown): Converted<ScalarValue> {
  return CONVERTERS[kind](raw);
}

/** The converter kind of a parameter type or column data type; undefined for structured types. */
export function kindOf(type: ParameterType | ColumnDataType): ValueKind | undefined {
  switch (type) {
    case 'BOOLEAN':
      return 'boolean';
    case 'INTEGER':
      return 'integer';
    case 'REAL_NUMBER':
      return 'real number';
    case 'DECIMAL':
      return 'decimal';
    case 'DATE':
      return 'date';
    case 'STRING':
    case 'LABEL':
      return 'string';
    default:
      return undefined;
  }
}

/** Compares two values of one bounded kind (numbers, or yyyy-MM-dd dates compared as dates). */
export function compareBounded(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return dateValue(String(a)) - dateValue(String(b));
}

function dateValue(text: string): number {
  const formatted = formatDate(text);
  return formatted === undefined ? Number.NaN : Date.parse(`${formatted}T00:00:00Z`);
}
