import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ExportInput } from '../types';

const require = createRequire(import.meta.url);

/**
 * The PDF font the app passes (Open Sans from the open-sans-fonts package), read from
 * node_modules for the tests and the benchmark, which run without the web build.
 */
export function openSans(): NonNullable<ExportInput['pdfFont']> {
  const file = (face: 'Regular' | 'Bold') =>
    readFile(require.resolve(`open-sans-fonts/open-sans/${face}/OpenSans-${face}.ttf`)).then(
      (bytes) => new Uint8Array(bytes),
    );
  return { name: 'OpenSans', load: () => file('Regular'), loadBold: () => file('Bold') };
}
