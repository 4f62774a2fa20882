import satisfies from 'spdx-satisfies';

/**
 * What the built web app may bundle (docs/licences.md): MIT, ISC, BSD, Apache-2.0 and the like. A
 * dual-licensed package passes when one of its choices is on the list (jszip's "MIT OR
 * GPL-3.0-or-later" is taken under MIT). Anything else, a missing licence and "SEE LICENSE IN ..."
 * (a licence of the package's own, to be read and accepted by a person first) does not.
 */
export const SHIPPABLE_LICENCES =
  '(MIT OR ISC OR BSD-2-Clause OR BSD-3-Clause OR Apache-2.0 OR 0BSD OR Zlib)';

/**
 * Packages whose `license` field is no SPDX expression, with the licence we take them under after
 * reading their licence files. rgbcolor 1.0.1 (jsPDF's canvg) writes "MIT OR SEE LICENSE IN
 * FEEL-FREE.md": we take it under MIT.
 */
const READ_BY_HAND: Record<string, string> = { rgbcolor: 'MIT' };

export function isShippable(name: string | null | undefined, licence: string | null | undefined): boolean {
  const expression = READ_BY_HAND[name ?? ''] ?? licence;
  if (!expression) return false;
  try {
    return satisfies(expression, SHIPPABLE_LICENCES);
  } catch {
    return false; // not an SPDX expression
  }
}
