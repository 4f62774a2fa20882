// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md §9 (bulletproof-react): imports go one way, shared (`components`, `config`, `lib`,
 * `testing`) → `features/<name>` → `app`, and a feature never imports another feature. What two
 * features both need moves to `web/src/lib` or `web/src/components`; composing features happens in
 * `web/src/app` (routes, layout), which may pass one feature's component to another as a prop.
 *
 * Biome (biome.json, `noRestrictedImports` in `overrides`) flags the common case while editing,
 * but it only matches the written specifier, so it needs one override per folder depth (1–4 there) and cannot
 * see `vi.mock(...)` paths. This test resolves every specifier and is the rule of record.
 */

/** A source file: its path below `web/src` (posix separators) and its text. */
interface SourceFile {
  path: string;
  text: string;
}

/** One import that breaks the layering: which file, what it wrote and where that lands. */
interface BoundaryViolation {
  file: string;
  specifier: string;
  target: string;
}

/** Static and dynamic imports, re-exports, side-effect imports and vitest's module mocks. */
const SPECIFIER_PATTERNS = [
  /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\(\s*['"]([^'"]+)['"]/g,
];

function importSpecifiers(text: string): string[] {
  return SPECIFIER_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] ?? ''));
}

/**
 * Where a specifier lands below `web/src`: relative paths from the importing file's folder, the
 * `@/` alias (should one be added) from `web/src`; undefined for packages and `@shared/...`.
 */
function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return posix.normalize(specifier.slice(2));
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  }
  return undefined;
}

/**
 * The feature a path below `web/src` belongs to: `features/<name>/...`, or `features/<name>` itself
 * (an import of the feature's folder). Files directly in `features/`, like this test, are in none.
 */
function featureOf(path: string, kind: 'file' | 'target' = 'target'): string | undefined {
  const [top, name, ...rest] = path.split('/');
  return top === 'features' && name && (kind === 'target' || rest.length > 0) ? name : undefined;
}

const layerOf = (path: string): 'shared' | 'features' | 'app' | 'other' => {
  const top = path.split('/')[0];
  if (top === 'app' || top === 'main.tsx') return 'app';
  if (top === 'features') return 'features';
  return top === 'components' || top === 'config' || top === 'lib' || top === 'testing' ? 'shared' : 'other';
};

/** Imports from a file in one feature folder into another feature's folder. */
function crossFeatureImports(files: readonly SourceFile[]): BoundaryViolation[] {
  return files.flatMap((file) => {
    const own = featureOf(file.path, 'file');
    if (!own) return [];
    return importSpecifiers(file.text).flatMap((specifier) => {
      const target = resolveSpecifier(file.path, specifier);
      const other = target === undefined ? undefined : featureOf(target);
      return target !== undefined && other !== undefined && other !== own
        ? [{ file: file.path, specifier, target }]
        : [];
    });
  });
}

/** Imports against the one-way flow: shared code importing features or app, features importing app. */
function upwardImports(files: readonly SourceFile[]): BoundaryViolation[] {
  const rank = { shared: 0, features: 1, app: 2, other: -1 } as const;
  return files.flatMap((file) => {
    const from = rank[layerOf(file.path)];
    if (from < 0) return [];
    return importSpecifiers(file.text).flatMap((specifier) => {
      const target = resolveSpecifier(file.path, specifier);
      return target !== undefined && rank[layerOf(target)] > from
        ? [{ file: file.path, specifier, target }]
        : [];
    });
  });
}

const describeViolation = (v: BoundaryViolation) => `${v.file}: '${v.specifier}' → ${v.target}`;

const WEB_SRC = fileURLToPath(new URL('..', import.meta.url));

function readSources(dir: string): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = `${dir}${sep}${entry.name}`;
    if (entry.isDirectory()) return readSources(full);
    if (!/\.tsx?$/.test(entry.name)) return [];
    return [{ path: relative(WEB_SRC, full).split(sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

describe('feature boundaries (STYLE.md §9)', () => {
  describe('crossFeatureImports', () => {
    it('reports an import, a re-export, a lazy import and a mock that land in another feature', () => {
      const files: SourceFile[] = [
        {
          path: 'features/models/components/detail/page.tsx',
          text: [
            "import { Bell } from '../../../notifications/components/bell';",
            "export { useLogout } from '../../../session/api/use-logout';",
            "const Page = lazy(() => import('../../../outbox/components/outbox-page'));",
            "vi.mock('../../../access', () => ({}));",
            "import {\n  a,\n  b,\n} from '@/features/tour/api/home-tour';",
          ].join('\n'),
        },
      ];
      expect(crossFeatureImports(files).map(describeViolation)).toEqual([
        "features/models/components/detail/page.tsx: '../../../notifications/components/bell' → features/notifications/components/bell",
        "features/models/components/detail/page.tsx: '../../../session/api/use-logout' → features/session/api/use-logout",
        "features/models/components/detail/page.tsx: '@/features/tour/api/home-tour' → features/tour/api/home-tour",
        "features/models/components/detail/page.tsx: '../../../outbox/components/outbox-page' → features/outbox/components/outbox-page",
        "features/models/components/detail/page.tsx: '../../../access' → features/access",
      ]);
    });

    it('accepts imports within the feature, into shared code, of packages and of @shared', () => {
      const files: SourceFile[] = [
        {
          path: 'features/models/components/files/files-dialog.tsx',
          text: [
            "import { MESSAGES } from '@shared/messages';",
            "import { Dialog } from 'primereact/dialog';",
            "import { notify } from '../../../../lib/message-stack';",
            "import { Spinner } from '@/components/ui/spinner';",
            "import { filesQuery } from '../../api/files-api';",
            "import { NotifyModelUsersDialog } from '../notify/notify-model-users-dialog';",
            "import './file-manager.css';",
          ].join('\n'),
        },
        { path: 'app/router.tsx', text: "import('../features/models/components/list/model-entries-page');" },
      ];
      expect(crossFeatureImports(files)).toEqual([]);
    });
  });

  describe('upwardImports', () => {
    it('reports shared code importing a feature or app, and a feature importing app', () => {
      const files: SourceFile[] = [
        {
          path: 'lib/query-client.ts',
          text: "import { modelKeys } from '../features/models/api/models-api';",
        },
        { path: 'components/ui/x.tsx', text: "import { router } from '../../app/router';" },
        {
          path: 'features/tour/api/home-tour.ts',
          text: "import { Header } from '../../../app/layout/header';",
        },
      ];
      expect(upwardImports(files).map((v) => v.target)).toEqual([
        'features/models/api/models-api',
        'app/router',
        'app/layout/header',
      ]);
    });

    it('accepts app importing features and features importing shared code', () => {
      const files: SourceFile[] = [
        { path: 'app/layout/header.tsx', text: "import { Bell } from '../../features/notifications/bell';" },
        { path: 'features/tour/api/home-tour.ts', text: "import { api } from '../../../lib/api-client';" },
      ];
      expect(upwardImports(files)).toEqual([]);
    });
  });

  describe('web/src', () => {
    const sources = readSources(WEB_SRC);

    it('reads the features', () => {
      expect(sources.filter((f) => featureOf(f.path, 'file') === 'models').length).toBeGreaterThan(10);
    });

    it('has no feature importing another feature', () => {
      expect(crossFeatureImports(sources).map(describeViolation)).toEqual([]);
    });

    it('has no import against shared → features → app', () => {
      expect(upwardImports(sources).map(describeViolation)).toEqual([]);
    });
  });
});
