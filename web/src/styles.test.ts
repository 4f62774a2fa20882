// @vitest-environment node
import { readFileSync } from 'node:fs';
import { INSTANCE_STATUS_COLORS } from '@shared/sub-models/instances';
import { describe, expect, it } from 'vitest';

/**
 * The status tags' colours come from styles.css, not from the theme alone: lara-light-blue styles only
 * the success, info, warning and danger severities, so any other severity (and none) is its default
 * blue. jsdom computes no cascade layers, so this reads the rules themselves.
 */
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
const variable = (name: string) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1];
const tagBackground = (severity: string) => {
  const rule = css.match(new RegExp(`\\.p-tag\\.p-tag-${severity}[^{]*\\{([^}]*)\\}`))?.[1] ?? '';
  const value = rule.match(/background:\s*var\(--([\w-]+)\)/)?.[1];
  return value ? variable(value) : undefined;
};

/** Relative luminance and contrast as WCAG 2.1 defines them. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

describe('status tag colours (001 §3)', () => {
  it('draws grey statuses grey, not in the default blue (issue 21 §6)', () => {
    const grey = tagBackground('secondary');
    expect(grey).toBeDefined();
    expect(grey).not.toBe(variable('mr-blue'));
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(grey?.slice(i, i + 2) ?? '', 16));
    // A grey: its channels within a small spread of each other.
    expect(Math.max(r ?? 0, g ?? 0, b ?? 0) - Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeLessThan(40);
    expect(
      Object.entries(INSTANCE_STATUS_COLORS)
        .filter(([, c]) => c === 'grey')
        .map(([s]) => s),
    ).toEqual(expect.arrayContaining(['NOTSTARTED', 'CANCELLED', 'SUSPENDED']));
  });

  it.each(['secondary', 'success', 'danger'])(
    'gives white text 4.5:1 on the %s tag (WCAG AA)',
    (severity) => {
      const background = tagBackground(severity);
      expect(background).toBeDefined();
      expect(contrastWithWhite(background ?? '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
