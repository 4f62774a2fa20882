import { describe, expect, it } from 'vitest';
import { formatMinutes } from './format-minutes';

describe('formatMinutes', () => {
  it('formats minutes for people', () => {
    expect(formatMinutes(60)).toBe('1 minute');
    expect(formatMinutes(86_400)).toBe('1440 minutes');
    expect(formatMinutes(90)).toBe('1.5 minutes (90 seconds)');
  });
});
