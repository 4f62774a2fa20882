import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ExportInput } from '../types';

const require = createRequire(import.meta.url);

/**
 * The PDF font the app passes (DejaVu Sans from the dejavu-fonts-ttf package), read from
 * node_modules for the tests and the benchmark, which run without the web build.
 */
export function dejaVuSans(): NonNullable<ExportInput['pdfFont']> {
  const file = (face: string) =>
    readFile(require.resolve(`dejavu-fonts-ttf/ttf/${face}.ttf`)).then((bytes) => new Uint8Array(bytes));
  return { name: 'DejaVuSans', load: () => file('DejaVuSans'), loadBold: () => file('DejaVuSans-Bold') };
}
