import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of .dependency-cruiser.mjs and .dependency-cruiser-areas.mjs (issue 17 §4), which
 * `npm run lint` checks over the repository: here each one meets a small tree that breaks it and one
 * that keeps it, so a rule that stops matching (a renamed folder, a wrong regex) fails this test
 * instead of passing the lint in silence.
 */
interface LayerConfig {
  layerRules: IForbiddenRuleType[];
  areaCycleRule: IForbiddenRuleType;
  options: ICruiseOptions;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** One broken rule as `<rule>: <from> → <to>`, paths from the fixture's root. */
type Finding = string;

let fixture: string;
let config: LayerConfig;

/** Writes `files` (path → text) under a fresh fixture folder. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Cruises `folders` of a tree with the given rules and the repository's options (its tsconfig aside). */
async function findings(
  files: Record<string, string>,
  rules: IForbiddenRuleType[],
  extraOptions: ICruiseOptions = {},
): Promise<Finding[]> {
  const root = mkdtempSync(join(fixture, 'tree-'));
  writeTree(root, files);
  const { tsConfig: _repositoryTsConfig, ...options } = config.options;
  const { output } = await cruise(
    [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? path))],
    {
      ...options,
      ...extraOptions,
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: rules },
    } as ICruiseOptions,
  );
  const violations = (output as ICruiseResult).summary.violations;
  return violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const rule = (name: string): IForbiddenRuleType => {
  const found = config.layerRules.find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name} in .dependency-cruiser.mjs`);
  return found;
};

beforeAll(async () => {
  fixture = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  config = (await import(pathToFileURL(join(ROOT, '.dependency-cruiser.mjs')).href)) as LayerConfig;
});

afterAll(() => {
  rmSync(fixture, { recursive: true, force: true });
});

describe('server layers', () => {
  it('lib-is-the-bottom: lib imports no use case, table or adapter, in any form of import', async () => {
    const found = await findings(
      {
        'functions/lib/env.ts': [
          "import type { UserRecord } from '../data/users';",
          "export { authenticate } from '../core/users/authenticate';",
          "export const later = () => import('../http/handler');",
          "import { errors } from './errors';",
          'export type { UserRecord };',
          'export { errors };',
        ].join('\n'),
        'functions/lib/errors.ts': 'export const errors = 1;',
        'functions/data/users.ts': 'export type UserRecord = { id: string };',
        'functions/core/users/authenticate.ts': 'export const authenticate = 1;',
        'functions/http/handler.ts': 'export const handler = 1;',
      },
      [rule('lib-is-the-bottom')],
    );
    expect(found).toEqual([
      'lib-is-the-bottom: functions/lib/env.ts → functions/core/users/authenticate.ts',
      'lib-is-the-bottom: functions/lib/env.ts → functions/data/users.ts',
      'lib-is-the-bottom: functions/lib/env.ts → functions/http/handler.ts',
    ]);
  });

  it('data-below-core: data imports neither core nor http, and may use lib', async () => {
    const found = await findings(
      {
        'functions/data/models.ts': [
          "import { rule } from '../core/models/entry-rules';",
          "import type { Shape } from '../http/models/shape';",
          "import { env } from '../lib/env';",
          'export const x: Shape = { rule, env };',
        ].join('\n'),
        'functions/core/models/entry-rules.ts': 'export const rule = 1;',
        'functions/http/models/shape.ts': 'export type Shape = object;',
        'functions/lib/env.ts': 'export const env = 1;',
      },
      [rule('data-below-core')],
    );
    expect(found).toEqual([
      'data-below-core: functions/data/models.ts → functions/core/models/entry-rules.ts',
      'data-below-core: functions/data/models.ts → functions/http/models/shape.ts',
    ]);
  });

  it('core-below-adapters: core imports no http, runner, workflow or ws, and may use data and shared', async () => {
    const found = await findings(
      {
        'functions/core/runs/prepare-run.ts': [
          "import { excel } from '../../runner/input-definition';",
          "import { step } from '../../workflow/prepare';",
          "import { push } from '../../ws/default';",
          "import { handler } from '../../http/runs/get-run';",
          "import { table } from '../../data/table';",
          "import { rules } from '../../../shared/rules';",
          'export default [excel, step, push, handler, table, rules];',
        ].join('\n'),
        'functions/runner/input-definition.ts': 'export const excel = 1;',
        'functions/workflow/prepare.ts': 'export const step = 1;',
        'functions/ws/default.ts': 'export const push = 1;',
        'functions/http/runs/get-run.ts': 'export const handler = 1;',
        'functions/data/table.ts': 'export const table = 1;',
        'shared/rules.ts': 'export const rules = 1;',
      },
      [rule('core-below-adapters')],
    );
    expect(found).toEqual([
      'core-below-adapters: functions/core/runs/prepare-run.ts → functions/http/runs/get-run.ts',
      'core-below-adapters: functions/core/runs/prepare-run.ts → functions/runner/input-definition.ts',
      'core-below-adapters: functions/core/runs/prepare-run.ts → functions/workflow/prepare.ts',
      'core-below-adapters: functions/core/runs/prepare-run.ts → functions/ws/default.ts',
    ]);
  });

  it('no-cycle-between-core-areas: two areas that import each other, through different modules', async () => {
    const areas = await import(pathToFileURL(join(ROOT, '.dependency-cruiser-areas.mjs')).href);
    const areaOptions = (areas.default as { options: ICruiseOptions }).options;
    const tree = {
      // runs → executions and executions → runs, with no module cycle: only the folders form one.
      'functions/core/runs/prepare-run.ts':
        "import { applyRunEvent } from '../executions/run-events';\nexport default applyRunEvent;",
      'functions/core/executions/run-events.ts': 'export const applyRunEvent = 1;',
      'functions/core/executions/reconcile.ts':
        "import { markFailed } from '../runs/mark-failed';\nexport default markFailed;",
      'functions/core/runs/mark-failed.ts': 'export const markFailed = 1;',
      // A test that exercises a neighbour's use case is not a dependency of its area.
      'functions/core/models/models.test.ts':
        "import { grant } from '../access/grant';\nexport default grant;",
      'functions/core/access/grant.ts': "import { load } from '../models/load';\nexport const grant = load;",
      'functions/core/models/load.ts': 'export const load = 1;',
    };
    const { tsConfig: _t, includeOnly, exclude } = areaOptions;
    const found = await findings(tree, [config.areaCycleRule], {
      ...(includeOnly ? { includeOnly } : {}),
      ...(exclude ? { exclude } : {}),
    });
    expect(found).toEqual([
      'no-cycle-between-core-areas: functions/core/executions → functions/core/runs',
      'no-cycle-between-core-areas: functions/core/runs → functions/core/executions',
    ]);
  });

  it('no-module-cycle: a module that reaches itself at run time, but not through a type-only import', async () => {
    const found = await findings(
      {
        'functions/lib/a.ts': "import { b } from './b';\nexport const a = () => b;",
        'functions/lib/b.ts': "import { a } from './a';\nexport const b = () => a;",
        'web/src/lib/widgets.tsx':
          "import { FileWidget } from './file-widget';\nexport type Props = { id: string };\nexport default FileWidget;",
        'web/src/lib/file-widget.tsx':
          "import type { Props } from './widgets';\nexport const FileWidget = (p: Props) => p.id;",
      },
      [rule('no-module-cycle')],
    );
    // One finding per cycle; the type-only pair in web/src/lib is none.
    expect(found).toEqual(['no-module-cycle: functions/lib/a.ts → functions/lib/b.ts']);
  });
});

describe('web layers (shared → features → app)', () => {
  const webRules = () => [
    rule('web-feature-imports-no-other-feature'),
    rule('web-shared-imports-no-feature-or-app'),
    rule('web-feature-imports-no-app'),
  ];

  it('reports an import, a re-export, a lazy import and a type import that land in another feature', async () => {
    const found = await findings(
      {
        'web/src/features/models/components/detail/page.tsx': [
          "import { Bell } from '../../../notifications/components/bell';",
          "export { useLogout } from '../../../session/api/use-logout';",
          "export const Outbox = () => import('../../../outbox/components/outbox-page');",
          "import type { Tour } from '../../../tour';",
          'export const x: Tour = Bell;',
        ].join('\n'),
        'web/src/features/notifications/components/bell.tsx': 'export const Bell = 1;',
        'web/src/features/session/api/use-logout.ts': 'export const useLogout = 1;',
        'web/src/features/outbox/components/outbox-page.tsx': 'export default 1;',
        'web/src/features/tour/index.ts': 'export type Tour = number;',
      },
      webRules(),
    );
    expect(found).toEqual([
      'web-feature-imports-no-other-feature: web/src/features/models/components/detail/page.tsx → web/src/features/notifications/components/bell.tsx',
      'web-feature-imports-no-other-feature: web/src/features/models/components/detail/page.tsx → web/src/features/outbox/components/outbox-page.tsx',
      'web-feature-imports-no-other-feature: web/src/features/models/components/detail/page.tsx → web/src/features/session/api/use-logout.ts',
      'web-feature-imports-no-other-feature: web/src/features/models/components/detail/page.tsx → web/src/features/tour/index.ts',
    ]);
  });

  it('accepts imports within a feature, into shared code, and app composing features', async () => {
    const found = await findings(
      {
        'web/src/features/models/components/files/files-dialog.tsx': [
          "import { notify } from '../../../../lib/message-stack';",
          "import { Spinner } from '../../../../components/ui/spinner';",
          "import { filesQuery } from '../../api/files-api';",
          "import { Notify } from '../notify/notify-dialog';",
          'export default [notify, Spinner, filesQuery, Notify];',
        ].join('\n'),
        'web/src/features/models/api/files-api.ts': 'export const filesQuery = 1;',
        'web/src/features/models/components/notify/notify-dialog.tsx': 'export const Notify = 1;',
        'web/src/features/modelsx/page.tsx':
          "import { filesQuery } from '../models/api/files-api';\nexport default filesQuery;",
        'web/src/lib/message-stack.ts': 'export const notify = 1;',
        'web/src/components/ui/spinner.tsx': 'export const Spinner = 1;',
        'web/src/app/router.tsx':
          "export const page = () => import('../features/models/components/files/files-dialog');",
      },
      webRules(),
    );
    // A feature whose name starts like another's is still another feature.
    expect(found).toEqual([
      'web-feature-imports-no-other-feature: web/src/features/modelsx/page.tsx → web/src/features/models/api/files-api.ts',
    ]);
  });

  it('reports shared code importing a feature or app, and a feature importing app', async () => {
    const found = await findings(
      {
        'web/src/lib/query-client.ts':
          "import { modelKeys } from '../features/models/api/models-api';\nexport default modelKeys;",
        'web/src/components/ui/x.tsx': "import { router } from '../../app/router';\nexport default router;",
        'web/src/features/tour/api/home-tour.ts':
          "import { Header } from '../../../app/layout/header';\nexport default Header;",
        'web/src/features/models/api/models-api.ts': 'export const modelKeys = 1;',
        'web/src/app/router.tsx': 'export const router = 1;',
        'web/src/app/layout/header.tsx':
          "import { api } from '../../lib/api-client';\nexport const Header = api;",
        'web/src/lib/api-client.ts': 'export const api = 1;',
      },
      webRules(),
    );
    expect(found).toEqual([
      'web-feature-imports-no-app: web/src/features/tour/api/home-tour.ts → web/src/app/layout/header.tsx',
      'web-shared-imports-no-feature-or-app: web/src/components/ui/x.tsx → web/src/app/router.tsx',
      'web-shared-imports-no-feature-or-app: web/src/lib/query-client.ts → web/src/features/models/api/models-api.ts',
    ]);
  });
});
