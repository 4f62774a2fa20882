import { describe, expect, it } from 'vitest';
import { classifyRun, formatBytes, type RunFacts } from './classify-run';

const facts = (over: Partial<RunFacts> = {}): RunFacts => ({
  language: 'Python',
  exitCode: 0,
  signal: null,
  timedOut: false,
  cancelled: false,
  outputTooLarge: false,
  timeoutSeconds: 900,
  outputBytes: 10,
  outputLimitBytes: 1000,
  outputDir: 'output',
  stderr: '',
  resultFile: { bytes: 20, text: '{"elements":[]}' },
  otherOutputFiles: 0,
  ...over,
});

describe('classifyRun', () => {
  it('returns the visualization of a valid result.json', () => {
    expect(classifyRun(facts())).toEqual({ result: { kind: 'visualization', result: { elements: [] } } });
  });

  it('returns a files result when there is no result.json but files', () => {
    expect(classifyRun(facts({ resultFile: undefined, otherOutputFiles: 2 }))).toEqual({
      result: { kind: 'files' },
    });
  });

  it('names the timeout in minutes, as the sub-model sets it', () => {
    const outcome = classifyRun(facts({ timedOut: true, signal: 'SIGTERM', exitCode: null }));
    expect(outcome).toEqual({
      fault: {
        code: 'TIMEOUT',
        message:
          "The model timed out after 15 minutes and was stopped with every process it started. Raise the sub-model's timeout if the model needs longer.",
      },
    });
  });

  it('puts the runner’s own stops before the exit status they caused', () => {
    expect(
      classifyRun(facts({ cancelled: true, timedOut: true, exitCode: null, signal: 'SIGTERM' })),
    ).toMatchObject({
      fault: { code: 'CANCELLED' },
    });
    expect(classifyRun(facts({ outputTooLarge: true, exitCode: null, signal: 'SIGKILL' }))).toMatchObject({
      fault: { code: 'OUTPUT_TOO_LARGE' },
    });
  });

  it('refuses output over the limit even when the model exited cleanly', () => {
    const outcome = classifyRun(facts({ outputBytes: 3 * 1024 ** 3, outputLimitBytes: 2 * 1024 ** 3 }));
    expect(outcome).toEqual({
      fault: {
        code: 'OUTPUT_TOO_LARGE',
        message:
          'The model wrote 3 GB into its output directory, more than the limit of 2 GB a run may write; it was stopped and its output refused.',
      },
    });
  });

  it('a signal from outside is KILLED, with the memory hint for SIGKILL', () => {
    const outcome = classifyRun(facts({ exitCode: null, signal: 'SIGKILL', stderr: 'allocating 40 GB\n' }));
    expect(outcome).toEqual({
      fault: {
        code: 'KILLED',
        message:
          'The model was ended by the signal SIGKILL (most often because it ran out of memory).\nLast lines of its error output:\nallocating 40 GB',
      },
    });
  });

  it('a non-zero exit quotes the last 20 lines of stderr', () => {
    const stderr = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    const outcome = classifyRun(facts({ exitCode: 2, stderr }));
    if (!('fault' in outcome)) throw new Error('expected a fault');
    expect(outcome.fault.code).toBe('NON_ZERO_EXIT');
    expect(outcome.fault.message.split('\n')).toEqual([
      'The model exited with code 2.',
      'Last lines of its error output:',
      ...Array.from({ length: 20 }, (_, i) => `line ${i + 11}`),
    ]);
  });

  it('says so when a failing model wrote nothing to stderr, and words a workbook failure as one', () => {
    expect(classifyRun(facts({ exitCode: 1 }))).toEqual({
      fault: {
        code: 'NON_ZERO_EXIT',
        message: 'The model exited with code 1. It wrote nothing to its error output.',
      },
    });
    expect(classifyRun(facts({ language: 'ExcelNative', exitCode: 2, stderr: 'no range X' }))).toEqual({
      fault: {
        code: 'NON_ZERO_EXIT',
        message:
          'The workbook could not be calculated (exit code 2).\nLast lines of its error output:\nno range X',
      },
    });
  });

  it('a result.json over 50 MB is malformed, not parsed', () => {
    const outcome = classifyRun(facts({ resultFile: { bytes: 60 * 1024 ** 2 } }));
    expect(outcome).toMatchObject({
      fault: { code: 'MALFORMED_RESULT', message: expect.stringMatching(/^result\.json is 60 MB/) },
    });
  });

  it('no result.json and no files is NO_RESULT', () => {
    expect(classifyRun(facts({ resultFile: undefined, outputDir: '' }))).toMatchObject({
      fault: {
        code: 'NO_RESULT',
        message: expect.stringContaining('its output directory (.) holds neither'),
      },
    });
  });
});

describe('formatting', () => {
  it('formats bytes for people', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});
