import { describe, expect, it } from 'vitest';
import { isShippable } from './shippable-licences';

describe('isShippable', () => {
  it.each([
    ['react', 'MIT'],
    ['open-sans-fonts', 'Apache-2.0'],
    ['shimmer', 'BSD-2-Clause'],
    ['jszip', '(MIT OR GPL-3.0-or-later)'],
    ['dompurify', '(MPL-2.0 OR Apache-2.0)'],
    ['pako', '(MIT AND Zlib)'],
    ['rgbcolor', 'MIT OR SEE LICENSE IN FEEL-FREE.md'],
  ])('lets %s (%s) ship', (name, licence) => {
    expect(isShippable(name, licence)).toBe(true);
  });

  it.each([
    ['a-gpl-library', 'GPL-3.0-only'],
    ['an-lgpl-library', 'LGPL-2.1-or-later'],
    ['dejavu-fonts-ttf', 'SEE LICENSE IN README.md AND LICENSE'],
    ['a-revenue-licence', 'SEE LICENSE IN LICENSE'],
    ['an-mpl-library', 'MPL-2.0'],
    ['a-non-commercial-font', 'CC-BY-NC-4.0'],
    ['unlicensed', undefined],
    ['empty', ''],
    ['mit-and-gpl', '(MIT AND GPL-2.0-only)'],
  ])('refuses %s (%s)', (name, licence) => {
    expect(isShippable(name, licence)).toBe(false);
  });
});
