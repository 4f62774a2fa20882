import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * functions/lib is the bottom layer (docs/development.md): configuration, errors, HTTP shapes,
 * Powertools, mail and push. It may not import the use cases (core) or the data layer (data), so
 * that anything may use it without pulling in a table or a use case.
 */
const LIB_DIR = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, statically or with import(). */
function importedSpecifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|vi\.mock)\(\s*['"]([^'"]+)['"]/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1] ?? ''));
}

const FUNCTIONS_DIR = dirname(LIB_DIR);
const UPPER_LAYERS = ['core', 'data'].map((layer) => join(FUNCTIONS_DIR, layer));

/** Whether a relative import of a file in `fromDir` lands in functions/core or functions/data. */
function reachesUpperLayer(fromDir: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return false;
  const target = resolve(fromDir, specifier);
  return UPPER_LAYERS.some((layer) => target === layer || target.startsWith(`${layer}${sep}`));
}

describe('functions/lib', () => {
  it('imports nothing from functions/core or functions/data', () => {
    // This file names such imports as examples below.
    const files = sourceFiles(LIB_DIR).filter((file) => file !== import.meta.filename);
    const offending = files.flatMap((file) =>
      importedSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => reachesUpperLayer(dirname(file), specifier))
        .map((specifier) => `${relative(LIB_DIR, file)} → ${specifier}`),
    );
    expect(files.length).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });

  it('the check recognises the forms an import can take', () => {
    const source = [
      "import { a } from '../core/users/authenticate';",
      "import type { B } from '../data/users';",
      "export { c } from '../../functions/data/table';",
      "const d = await import('../data/error-reports');",
      "import './env';",
      "import { e } from '../lib-extra/core';",
    ].join('\n');
    expect(importedSpecifiers(source).filter((s) => reachesUpperLayer(LIB_DIR, s))).toEqual([
      '../core/users/authenticate',
      '../data/users',
      '../../functions/data/table',
      '../data/error-reports',
    ]);
  });
});
