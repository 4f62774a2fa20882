import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Reads the steps that scripts/test/run-all.sh recorded (one JSON object a line) and the JSON reports
 * of vitest and Playwright they point at, prints each step's slowest test files, a table of the steps
 * with their times and the run's total, and ends with exactly `N passed, M failed`.
 * A step that failed without a counted test failure (typecheck, lint, a crashed runner, a local cloud
 * that leaves processes behind) counts as one failure, so the line never reads "0 failed" after a
 * failed run.
 *
 * Usage: tsx scripts/test/summarize-reports.ts <steps.jsonl> [total seconds]. The exit code says only
 * whether the summary could be made; run-all.sh decides the run's own exit code.
 */
export interface StepRecord {
  step: string;
  exitCode: number;
  seconds: number;
  /**
   * How many cores the whole machine kept busy while the step ran, in hundredths (187 = 1.87), -1 or
   * absent when unknown. Steps that run side by side share the figure.
   */
  coresBusy?: number;
  /** Path of the step's JSON test report, '' when the step runs no tests. */
  report: string;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface StepSummary extends StepRecord, Counts {}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    status: string;
    name?: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { status: string }[];
  }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
  suites?: PlaywrightSuite[];
}

/** A test file and the time its tests took (summed over workers, so it may exceed the step's time). */
export interface FileTime {
  file: string;
  seconds: number;
}

function isVitestReport(value: unknown): value is VitestReport {
  return (
    typeof value === 'object' && value !== null && 'numPassedTests' in value && 'numFailedTests' in value
  );
}

function isPlaywrightReport(value: unknown): value is PlaywrightReport {
  return typeof value === 'object' && value !== null && 'stats' in value && typeof value.stats === 'object';
}

/** Counts of one JSON report of vitest or Playwright; undefined for anything else. */
export function countReport(report: unknown): Counts | undefined {
  if (isVitestReport(report)) {
    // A test file that fails to load has no assertions but a failed status: count it once.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  if (isPlaywrightReport(report)) {
    // `errors` are failures outside any test (a spec file that does not compile, a config error).
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected + (report.errors?.length ?? 0),
      skipped: report.stats.skipped,
    };
  }
  return undefined;
}

/**
 * The `count` slowest test files of a vitest or Playwright JSON report, slowest first: where a step's
 * time goes, printed on every run so that a suite that grows shows which file grew.
 */
export function slowestFiles(report: unknown, count: number): FileTime[] {
  const totals = new Map<string, number>();
  const add = (file: string, ms: number) => totals.set(file, (totals.get(file) ?? 0) + ms);
  if (isVitestReport(report)) {
    for (const file of report.testResults ?? [])
      if (file.name && file.startTime !== undefined && file.endTime !== undefined)
        add(file.name, file.endTime - file.startTime);
  } else if (isPlaywrightReport(report)) {
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          for (const result of test.results ?? []) add(spec.file ?? suite.file ?? '?', result.duration ?? 0);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
  return [...totals]
    .map(([file, ms]) => ({ file, seconds: Math.round(ms / 1000) }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
    .slice(0, count);
}

/** The slowest files of each step's report, one line each: `step  seconds  file`. */
export function formatSlowest(
  steps: readonly StepRecord[],
  readReport: (path: string) => unknown,
  count: number,
  root = '',
): string {
  const lines = steps.flatMap((step) =>
    step.report
      ? slowestFiles(readReport(step.report), count).map(
          ({ file, seconds }) =>
            `  ${step.step.padEnd(12)} ${`${seconds}s`.padStart(6)}  ${root && file.startsWith(root) ? file.slice(root.length) : file}`,
        )
      : [],
  );
  return lines.length ? ['Slowest test files (test time):', ...lines].join('\n') : '';
}

export function summarizeSteps(
  steps: readonly StepRecord[],
  readReport: (path: string) => unknown,
): { steps: StepSummary[]; total: Counts } {
  const summaries = steps.map((step): StepSummary => {
    const counts = (step.report ? countReport(readReport(step.report)) : undefined) ?? {
      passed: 0,
      failed: 0,
      skipped: 0,
    };
    const failed = step.exitCode !== 0 && counts.failed === 0 ? 1 : counts.failed;
    return { ...step, ...counts, failed };
  });
  const total = summaries.reduce(
    (sum, s) => ({
      passed: sum.passed + s.passed,
      failed: sum.failed + s.failed,
      skipped: sum.skipped + s.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  return { steps: summaries, total };
}

export function parseSteps(text: string): StepRecord[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as StepRecord);
}

function readJsonIfPresent(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

export function formatTable(steps: readonly StepSummary[], totalSeconds?: number): string {
  const rows = [
    ['step', 'result', 'passed', 'failed', 'skipped', 'time', 'cores busy'],
    ...steps.map((s) => [
      s.step,
      s.exitCode === 0 ? 'ok' : `FAILED (exit ${s.exitCode})`,
      String(s.passed),
      String(s.failed),
      String(s.skipped),
      `${s.seconds}s`,
      s.coresBusy === undefined || s.coresBusy < 0 ? '' : (s.coresBusy / 100).toFixed(2),
    ]),
  ];
  if (totalSeconds !== undefined) rows.push(['total', '', '', '', '', formatDuration(totalSeconds)]);
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** How many of each step's slowest test files the summary lists. */
const SLOWEST_PER_STEP = 5;

function main(): void {
  const [stepsFile, totalArg] = process.argv.slice(2);
  if (!stepsFile) throw new Error('usage: summarize-reports.ts <steps.jsonl> [total seconds]');
  const steps = existsSync(stepsFile) ? parseSteps(readFileSync(stepsFile, 'utf8')) : [];
  const summary = summarizeSteps(steps, readJsonIfPresent);
  const slowest = formatSlowest(steps, readJsonIfPresent, SLOWEST_PER_STEP, `${process.cwd()}/`);
  if (slowest) console.log(`${slowest}\n`);
  console.log(formatTable(summary.steps, totalArg === undefined ? undefined : Number(totalArg)));
  console.log(`${summary.total.passed} passed, ${summary.total.failed} failed`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
