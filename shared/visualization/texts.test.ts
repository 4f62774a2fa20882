import { describe, expect, it } from 'vitest';
import { CHART_PALETTE } from './palette';
import { legendLabel, resultPageTitle } from './texts';

describe('legendLabel', () => {
  it('keeps names of up to 30 characters', () => {
    expect(legendLabel('x'.repeat(30))).toBe('x'.repeat(30));
  });
  it('cuts longer names to 30 characters and an ellipsis', () => {
    expect(legendLabel('y'.repeat(31))).toBe(`${'y'.repeat(30)}…`);
  });
});

describe('resultPageTitle', () => {
  it("prefers the result's own title", () => {
    expect(resultPageTitle({ options: { title: 'Markov model' } }, 'scenario')).toBe('Markov model');
  });
  it('names the analysis by what it displays, else Analysis', () => {
    expect(resultPageTitle({ options: { title: '  ' } }, 'calibration')).toBe('Calibration Analysis');
    expect(resultPageTitle(undefined, 'scenario')).toBe('Scenario Analysis');
    expect(resultPageTitle({}, null)).toBe('Analysis');
  });
});

describe('CHART_PALETTE', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };

  it('has 14 distinct colours, each at least 3:1 against white', () => {
    expect(new Set(CHART_PALETTE).size).toBe(14);
    for (const color of CHART_PALETTE) expect(1.05 / (luminance(color) + 0.05)).toBeGreaterThanOrEqual(3);
  });
});
