import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '../constructs/handler-bundling';
import { defineApp } from '../define-app';

const tempDirs: string[] = [];
/** The shared app's folders: other test files of the process still read them (see sharedTestApp). */
const sharedDirs: string[] = [];

function tempDir(prefix: string, owners = tempDirs): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  owners.push(dir);
  return dir;
}

/** Removes the cloud assemblies and web builds the tests created (assets are staged at construction). */
export function removeTestOutput(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The context `cdk synth` uses (cdk.json), so tests see the same feature flags. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

/** A throw-away web build (index.html + one hashed asset), so tests do not depend on `npm run build:web`. */
export function fakeWebBuild(owners = tempDirs): string {
  const dir = tempDir('mr-web-dist-', owners);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Model Repository</title>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  return dir;
}

/**
 * Builds the app the way `cdk synth` does (cdk.json context) but without deployable bundles: the
 * functions get inline stub code, while the area analysis still runs (the grants come from the code).
 * `context` overrides cdk.json; `options` reach the stack definitions (e.g. one more route).
 */
export function buildTestApp(
  context: Record<string, unknown> = {},
  options: Parameters<typeof defineApp>[1] = {},
  owners = tempDirs,
) {
  const app = new App({
    outdir: tempDir('mr-cdk-out-', owners),
    context: {
      ...cdkJsonContext(),
      'aws:cdk:bundling-stacks': [],
      webUrl: 'https://web.example.com',
      hostedUiDomainPrefix: 'mr-test-sign-in',
      buildTime: '2026-01-01T00:00:00.000Z',
      ...context,
    },
  });
  return { app, ...defineApp(app, options) };
}

let shared: ReturnType<typeof buildTestApp> | undefined;

/**
 * The app of `buildTestApp({ webDist: fakeWebBuild() })`, built and synthesized once per test process
 * and shared by the test files that only read it (app, runners, runner boundary, monitoring's bare
 * case): a synth of the whole app with the area analysis is the slowest thing these tests do. The cdk
 * project runs its files in one process without isolation (vitest.config.mts), so the files get the
 * same object; a test must not add to it. Its folders outlive removeTestOutput (the nested stacks'
 * templates and cdk-nag's report are read from there) and go when the process exits.
 */
export function sharedTestApp(): ReturnType<typeof buildTestApp> {
  if (!shared) {
    shared = buildTestApp({ webDist: fakeWebBuild(sharedDirs) }, {}, sharedDirs);
    process.once('exit', () => {
      for (const dir of sharedDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  return shared;
}
