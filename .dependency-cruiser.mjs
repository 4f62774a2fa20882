/**
 * The layers that stay put (issue 17 §4; docs/development.md, "Layers"). `npm run lint` runs
 * `npm run lint:layers`: `depcruise --config .dependency-cruiser.mjs functions shared web/src` and
 * the area check of .dependency-cruiser-areas.mjs; tests are checked like the code they test, and
 * `scripts/lint/layer-rules.test.ts` proves that each rule fails on an import that breaks it.
 *
 * Server: lib → data → core → http / ws / workflow / jobs / runner. Web (bulletproof-react's one-way
 * imports): shared code (components, config, lib, testing) → features/<name> → app, and a
 * feature never imports another feature.
 *
 * Paths are matched against the file's path from the repository root (posix separators). Type-only
 * imports count (`tsPreCompilationDeps`): a type import still ties one layer to another. Not seen:
 * `vi.mock('...')` paths, which are strings, not imports: a mock replaces what the module under test
 * imports, and that import is checked.
 */
/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const layerRules = [
  {
    name: 'lib-is-the-bottom',
    severity: 'error',
    comment:
      'functions/lib (env, errors, HTTP shapes, Powertools, mail, push) is what every layer may use; it imports no use case and no table.',
    from: { path: '^functions/lib/' },
    to: { path: '^functions/(core|data|http|ws|workflow|jobs|runner|areas)/' },
  },
  {
    name: 'data-below-core',
    severity: 'error',
    comment:
      'functions/data is one module per entity (keys, items, access patterns): it knows no use case (core) and no HTTP shape (http).',
    from: { path: '^functions/data/' },
    to: { path: '^functions/(core|http)/' },
  },
  {
    name: 'core-below-adapters',
    severity: 'error',
    comment:
      'functions/core holds the use cases; the adapters that trigger them (http, ws, workflow steps, the runner) call core, never the other way. What both need goes to shared/.',
    from: { path: '^functions/core/' },
    to: { path: '^functions/(http|runner|workflow|ws)/' },
  },
  {
    name: 'no-module-cycle',
    severity: 'error',
    comment:
      'No module reaches itself through its imports (evaluation order, half-initialised exports). A type-only import is erased at build time, so a cycle that needs one is no cycle at run time.',
    from: { path: '^(functions|shared|web/src)/' },
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
  {
    name: 'web-feature-imports-no-other-feature',
    severity: 'error',
    comment:
      'docs/development.md, Layers (bulletproof-react): what two features both need moves to web/src/lib or web/src/components; web/src/app composes features (routes, layout) and may pass one feature’s component to another as a prop.',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/features/([^/]+)', pathNot: '^web/src/features/$1(/|$)' },
  },
  {
    name: 'web-shared-imports-no-feature-or-app',
    severity: 'error',
    comment: 'Imports go shared (api, components, config, lib, testing) → features → app.',
    from: { path: '^web/src/(api|components|config|lib|testing)/' },
    to: { path: '^web/src/(features|app|main\\.tsx)' },
  },
  {
    name: 'web-feature-imports-no-app',
    severity: 'error',
    comment: 'App composes features; a feature never reaches back into app.',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/(app/|main\\.tsx)' },
  },
];

/**
 * Checked by `.dependency-cruiser-areas.mjs` over the areas' own code without their tests: a test may
 * exercise a neighbouring area's use case (model-roles-rules.test.ts grants roles through
 * core/access) without making the areas depend on each other at run time.
 *
 * @type {import('dependency-cruiser').IForbiddenRuleType}
 */
export const areaCycleRule = {
  name: 'no-cycle-between-core-areas',
  severity: 'error',
  comment:
    'Each functions/core/<area> leans on the areas below it and none above: a cycle between two areas means one of them holds what belongs to the other (move it) or to both (move it down).',
  scope: 'folder',
  from: { path: '^functions/core/' },
  to: { path: '^functions/core/', circular: true },
};

/** @type {import('dependency-cruiser').ICruiseOptions} */
export const options = {
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '(^|/)node_modules/' },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['import', 'require', 'node', 'default', 'types'],
  },
};

/** @type {import('dependency-cruiser').IConfiguration} */
export default { forbidden: layerRules, options };
