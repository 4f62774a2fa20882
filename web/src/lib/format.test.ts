import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatLocalDate,
  formatLocalDateTime,
} from './format';

// Noon UTC: the same calendar day in every zone from UTC-11 to UTC+11, so the local forms can be
// checked on any machine without fixing its zone.
const NOON = '2024-03-05T12:07:09.000Z';
const LATE = '2024-12-31T23:59:00.000Z';

describe('dates', () => {
  it('writes 001 §9 date-times in UTC', () => {
    expect(formatDateTime(NOON)).toBe('2024-03-05 12:07 UTC');
    expect(formatDateTime(LATE)).toBe('2024-12-31 23:59 UTC');
  });

  it('writes record-table dates as MM/dd/yyyy in UTC', () => {
    expect(formatDate(NOON)).toBe('03/05/2024');
    expect(formatDate(LATE)).toBe('12/31/2024');
  });

  it('writes dates outside tables en-US in the reader’s zone', () => {
    expect(formatLocalDateTime(NOON)).toMatch(/^Mar 5, 2024, \d{1,2}:07\s(AM|PM)$/);
    expect(formatLocalDateTime(NOON, 'seconds')).toMatch(/^Mar 5, 2024, \d{1,2}:07:09\s(AM|PM)$/);
    expect(formatLocalDate(NOON)).toBe('Mar 5, 2024');
  });

  it('writes nothing for no date and gives back text that is no date', () => {
    for (const format of [formatDateTime, formatDate, formatLocalDateTime, formatLocalDate]) {
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
      expect(format('soon')).toBe('soon');
    }
  });
});

describe('sizes', () => {
  it('writes a run’s sizes in binary units up to GB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.0 GB');
  });

  it('writes a model file’s size in kB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 kB');
    expect(formatFileSize(2 * 1024 ** 2)).toBe('2.0 MB');
    expect(formatFileSize(2 * 1024 ** 3)).toBe('2048.0 MB');
  });
});
