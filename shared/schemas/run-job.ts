import * as z from 'zod/mini';
import { RUNNABLE_LANGUAGES, RunnerOutcomeSchema } from './run-result';

/**
 * The documents of one run in the files bucket (`runs/<runId>/...`, functions/data/run-files.ts): what
 * Prepare hands the runner (the job), and what the runner hands Collect (the outcome, or when it could
 * not run the model at all, a runner error). docs/running-models.md, "The pipeline", describes them.
 */

/** Which runner image (and so which Fargate task definition) runs a language. */
export const RUNNERS = { Python: 'python', R: 'r', ExcelNative: 'excel' } as const;
export type RunnerName = (typeof RUNNERS)[keyof typeof RUNNERS];

const RelativePathSchema = z.string().check(
  z.minLength(1),
  z.maxLength(1024),
  z.refine(
    (p) => !p.startsWith('/') && !p.split('/').some((s) => s === '..' || s === '' || s === '.'),
    'must be a relative path without . or .. segments',
  ),
);

export const JobFileSchema = z.object({
  /** Object key in the files bucket. */
  key: z.string().check(z.minLength(1)),
  /** Where the runner puts it, relative to its directory (the work or the parameter directory). */
  path: RelativePathSchema,
});
export type JobFile = z.infer<typeof JobFileSchema>;

export const RunJobSchema = z.object({
  runId: z.string(),
  groupId: z.string(),
  instanceId: z.string(),
  modelUuid: z.string(),
  language: z.enum(RUNNABLE_LANGUAGES),
  /** The model's execution files, at their folder paths in the entry. */
  files: z.array(JobFileSchema).check(z.minLength(1)),
  /** The file to start (a path of `files`). */
  entry: RelativePathSchema,
  /** The instance's values (canonical JSON: keys sorted, so equal values hash equal). */
  valuesKey: z.string(),
  /**
   * `<variable>/<file name>` for FILE parameters; `_calibration/<path>` for the calibration's outputs;
   * for an analysis `_scenarios/<order>_<instanceId>/<path>` and `_scenarios/index.json`.
   */
  parameterFiles: z.array(JobFileSchema),
  /** The sub-model's output directory, relative to the work directory. */
  outputDir: z.string().check(z.maxLength(1024)),
  /** The sub-model's timeout: the runner stops the model after it. */
  timeoutSeconds: z.int().check(z.gte(1)),
  excel: z.optional(
    z.object({
      inputs: z.optional(z.record(z.string(), z.string())),
      outputs: z.optional(z.array(z.string())),
    }),
  ),
  /** Where the runner writes what came out. */
  outcomeKey: z.string(),
  resultKey: z.string(),
  archiveKey: z.string(),
  /** Output files go under this prefix, at their paths in the output directory. */
  outputsPrefix: z.string(),
  runnerErrorKey: z.string(),
  /** For the reproducibility record: the sub-model as it was, who pressed Execute and when. */
  subModel: z.object({ id: z.string(), name: z.string(), version: z.int() }),
  ranBy: z.object({ id: z.string(), name: z.string() }),
  requestedOn: z.string(),
});
export type RunJob = z.infer<typeof RunJobSchema>;

/** outcome.json: the runner layer's outcome as it was; result.json and the archive sit beside it. */
export const StoredOutcomeSchema = z.extend(RunnerOutcomeSchema, {
  /** The runner's own timing: downloading the work files and uploading the outputs. */
  runner: z.object({
    startedOn: z.string(),
    finishedOn: z.string(),
    downloadMs: z.int().check(z.gte(0)),
    uploadMs: z.int().check(z.gte(0)),
  }),
});
export type StoredOutcome = z.infer<typeof StoredOutcomeSchema>;

/** runner-error.json: the runner could not run the model at all (a work file could not be read...). */
export const RunnerErrorSchema = z.object({ message: z.string(), at: z.string() });
export type RunnerError = z.infer<typeof RunnerErrorSchema>;
