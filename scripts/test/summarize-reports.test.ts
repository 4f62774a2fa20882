import { describe, expect, it } from 'vitest';
import {
  countReport,
  formatSlowest,
  formatTable,
  parseSteps,
  slowestFiles,
  summarizeSteps,
} from './summarize-reports';

const vitestReport = (
  passed: number,
  failed: number,
  files: { status: string; assertionResults: { status: string }[] }[] = [],
) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: files,
});

describe('countReport', () => {
  it('counts a vitest report, including a test file that failed to load', () => {
    const report = vitestReport(5, 1, [
      { status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
      { status: 'failed', assertionResults: [] },
    ]);
    expect(countReport(report)).toEqual({ passed: 5, failed: 2, skipped: 1 });
  });

  it('counts a Playwright report, with errors outside tests as failures', () => {
    const report = {
      stats: { expected: 7, unexpected: 2, flaky: 1, skipped: 3 },
      errors: [{ message: 'x' }],
    };
    expect(countReport(report)).toEqual({ passed: 8, failed: 3, skipped: 3 });
  });

  it('returns undefined for a missing or unknown report', () => {
    expect(countReport(undefined)).toBeUndefined();
    expect(countReport({ hello: 'world' })).toBeUndefined();
  });
});

describe('summarizeSteps', () => {
  it('sums the reports of every step', () => {
    const steps = parseSteps(
      [
        '{"step":"lint","exitCode":0,"seconds":3,"report":""}',
        '{"step":"unit","exitCode":0,"seconds":20,"report":"unit.json"}',
        '{"step":"e2e","exitCode":1,"seconds":60,"report":"e2e.json"}',
        '',
      ].join('\n'),
    );
    const reports: Record<string, unknown> = {
      'unit.json': vitestReport(40, 0),
      'e2e.json': { stats: { expected: 10, unexpected: 2, flaky: 0, skipped: 0 } },
    };
    const { total } = summarizeSteps(steps, (path) => reports[path]);
    expect(total).toEqual({ passed: 50, failed: 2, skipped: 1 });
  });

  it('counts a failed step without test failures (typecheck, a crashed runner) as one failure', () => {
    const steps = [
      { step: 'typecheck', exitCode: 2, seconds: 9, report: '' },
      { step: 'cdk', exitCode: 1, seconds: 9, report: 'missing.json' },
    ];
    const { total, steps: rows } = summarizeSteps(steps, () => undefined);
    expect(total.failed).toBe(2);
    expect(formatTable(rows, 75)).toMatch(/typecheck\s+FAILED \(exit 2\)/);
    expect(formatTable(rows, 75)).toMatch(/total\s+1m15s/);
  });

  it('shows the cores the machine kept busy during each step, blank where the run did not know', () => {
    const steps = parseSteps(
      [
        '{"step":"unit","exitCode":0,"seconds":20,"coresBusy":187,"report":""}',
        '{"step":"runners","exitCode":0,"seconds":9,"coresBusy":-1,"report":""}',
        '{"step":"lint","exitCode":0,"seconds":3,"report":""}',
      ].join('\n'),
    );
    const lines = formatTable(summarizeSteps(steps, () => undefined).steps).split('\n');
    expect(lines[0]).toMatch(/time\s+cores busy$/);
    expect(lines[1]).toMatch(/^unit\s.*\s20s\s+1\.87$/);
    expect(lines[2]).toMatch(/^runners\s.*\s9s$/);
    expect(lines[3]).toMatch(/^lint\s.*\s3s$/);
  });

  it('reports no failure for a clean run', () => {
    const { total } = summarizeSteps(
      [{ step: 'lint', exitCode: 0, seconds: 1, report: '' }],
      () => undefined,
    );
    expect(total).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});

describe('slowestFiles', () => {
  it('ranks the files of a vitest report by their time', () => {
    const report = {
      ...vitestReport(3, 0),
      testResults: [
        { status: 'passed', name: '/repo/a.test.ts', startTime: 1_000, endTime: 4_000, assertionResults: [] },
        {
          status: 'passed',
          name: '/repo/b.test.ts',
          startTime: 1_000,
          endTime: 21_400,
          assertionResults: [],
        },
        { status: 'passed', name: '/repo/c.test.ts', startTime: 0, endTime: 9_000, assertionResults: [] },
      ],
    };
    expect(slowestFiles(report, 2)).toEqual([
      { file: '/repo/b.test.ts', seconds: 20 },
      { file: '/repo/c.test.ts', seconds: 9 },
    ]);
  });

  it('sums the results of each spec file of a Playwright report, nested suites included', () => {
    const result = (ms: number) => ({ results: [{ duration: ms }] });
    const report = {
      stats: { expected: 4, unexpected: 0, flaky: 0, skipped: 0 },
      suites: [
        { file: 'a.spec.ts', specs: [{ file: 'a.spec.ts', tests: [result(4_000)] }] },
        {
          file: 'b.spec.ts',
          specs: [{ file: 'b.spec.ts', tests: [result(3_000)] }],
          suites: [{ specs: [{ file: 'b.spec.ts', tests: [result(2_000), result(1_500)] }] }],
        },
      ],
    };
    expect(slowestFiles(report, 5)).toEqual([
      { file: 'b.spec.ts', seconds: 7 },
      { file: 'a.spec.ts', seconds: 4 },
    ]);
  });

  it('has nothing to say about a missing or unknown report', () => {
    expect(slowestFiles(undefined, 5)).toEqual([]);
    expect(slowestFiles({ hello: 'world' }, 5)).toEqual([]);
  });
});

describe('formatSlowest', () => {
  it('lists the slowest files per step with paths relative to the repository', () => {
    const steps = parseSteps(
      [
        '{"step":"lint","exitCode":0,"seconds":3,"report":""}',
        '{"step":"integration","exitCode":0,"seconds":20,"report":"i.json"}',
      ].join('\n'),
    );
    const report = {
      ...vitestReport(1, 0),
      testResults: [{ status: 'passed', name: '/repo/test/x.test.ts', startTime: 0, endTime: 12_000 }],
    };
    expect(formatSlowest(steps, () => report, 5, '/repo/')).toBe(
      ['Slowest test files (test time):', '  integration     12s  test/x.test.ts'].join('\n'),
    );
    expect(formatSlowest(steps.slice(0, 1), () => report, 5)).toBe('');
  });
});
