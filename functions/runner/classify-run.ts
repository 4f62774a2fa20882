import { formatMinutes } from '@shared/executions/format-minutes';
import {
  parseRunResult,
  RESULT_FILE_NAME,
  RUNNER_LIMITS,
  type RunFault,
  type RunnableLanguage,
  type RunnerResult,
} from '@shared/schemas/run-result';
import { lastLines } from './tail-buffer';

/** What the runner observed about one finished model process. */
export interface RunFacts {
  language: RunnableLanguage;
  exitCode: number | null;
  signal: string | null;
  /** The runner stopped the model because of its timeout, a cancel, or its output size. */
  timedOut: boolean;
  cancelled: boolean;
  outputTooLarge: boolean;
  timeoutSeconds: number;
  /** Bytes the run wrote into the output directory. */
  outputBytes: number;
  outputLimitBytes: number;
  /** The output directory as the sub-model names it (for messages). */
  outputDir: string;
  /** The kept end of stderr. */
  stderr: string;
  /** result.json as written, when the output directory has one. */
  resultFile?: { bytes: number; text?: string } | undefined;
  /** Output files other than result.json. */
  otherOutputFiles: number;
}

export function formatBytes(bytes: number): string {
  const units = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const;
  for (const [unit, size] of units)
    if (bytes >= size) return `${Number((bytes / size).toFixed(1)).toString()} ${unit}`;
  return `${bytes} bytes`;
}

function withStderr(message: string, stderr: string): string {
  const tail = lastLines(stderr);
  return tail
    ? `${message}\nLast lines of its error output:\n${tail}`
    : `${message} It wrote nothing to its error output.`;
}

/**
 * Turns what was observed into the run's fault or its result, in this order: the runner's own stops
 * (cancel, timeout, output size), then how the process ended, then what it left in its output
 * directory. Every message is written for the modeler who has to fix the model.
 */
export function classifyRun(facts: RunFacts): { fault: RunFault } | { result: RunnerResult } {
  if (facts.cancelled)
    return {
      fault: {
        code: 'CANCELLED',
        message: 'The run was cancelled; the model and every process it started were stopped.',
      },
    };
  if (facts.timedOut)
    return {
      fault: {
        code: 'TIMEOUT',
        message: `The model timed out after ${formatMinutes(facts.timeoutSeconds)} and was stopped with every process it started. Raise the sub-model's timeout if the model needs longer.`,
      },
    };
  if (facts.outputTooLarge || facts.outputBytes > facts.outputLimitBytes)
    return {
      fault: {
        code: 'OUTPUT_TOO_LARGE',
        message: `The model wrote ${formatBytes(facts.outputBytes)} into its output directory, more than the limit of ${formatBytes(facts.outputLimitBytes)} a run may write; it was stopped and its output refused.`,
      },
    };
  if (facts.exitCode === null && facts.signal)
    return {
      fault: {
        code: 'KILLED',
        message: withStderr(
          `The model was ended by the signal ${facts.signal}${facts.signal === 'SIGKILL' ? ' (most often because it ran out of memory)' : ''}.`,
          facts.stderr,
        ),
      },
    };
  if (facts.exitCode !== 0)
    return {
      fault: {
        code: 'NON_ZERO_EXIT',
        message: withStderr(
          facts.language === 'ExcelNative'
            ? `The workbook could not be calculated (exit code ${facts.exitCode}).`
            : `The model exited with code ${facts.exitCode}.`,
          facts.stderr,
        ),
      },
    };
  if (facts.resultFile) {
    if (facts.resultFile.bytes > RUNNER_LIMITS.resultJsonBytes || facts.resultFile.text === undefined)
      return {
        fault: {
          code: 'MALFORMED_RESULT',
          message: `${RESULT_FILE_NAME} is ${formatBytes(facts.resultFile.bytes)}, more than the ${formatBytes(RUNNER_LIMITS.resultJsonBytes)} a result may have: write large tables as files beside it.`,
        },
      };
    const parsed = parseRunResult(facts.resultFile.text);
    if (!parsed.ok) return { fault: { code: 'MALFORMED_RESULT', message: parsed.message } };
    return { result: { kind: 'visualization', result: parsed.result } };
  }
  if (facts.otherOutputFiles > 0) return { result: { kind: 'files' } };
  return {
    fault: {
      code: 'NO_RESULT',
      message: `The model finished without a result: its output directory (${facts.outputDir || '.'}) holds neither ${RESULT_FILE_NAME} nor any other file. Write ${RESULT_FILE_NAME} (sections, tables, charts) or the files to download into the directory named by MR_OUTPUT_DIR.`,
    },
  };
}
