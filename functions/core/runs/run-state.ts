import type { RunnerName } from '@shared/schemas/run-job';
import * as z from 'zod/mini';

/**
 * The state of one execution of the run-model state machine (cdk/state-machine/run-model.asl.json)
 * as its Lambda tasks see it: the execution's input (the run), `prepared` once Prepare has run, and
 * `error` once something failed (the ASL's Catch puts it there).
 */
export const RunExecutionInputSchema = z.object({
  runId: z.string().check(z.minLength(1)),
  groupId: z.string().check(z.minLength(1)),
  instanceId: z.string().check(z.minLength(1)),
  modelUuid: z.string().check(z.minLength(1)),
});
export type RunExecutionInput = z.infer<typeof RunExecutionInputSchema>;

/** Prepare's output (`$.prepared`): what RunModel needs. */
export interface PreparedRun {
  runId: string;
  jobKey: string;
  /**
   * This run's access token (run-access.ts), for the runner's container overrides only. It shows in
   * the execution's history as any state data does; it opens nothing once the run has ended.
   */
  accessToken: string;
  /** Selects the runner image's task definition (the ASL's SelectRunner choice). */
  runner: RunnerName;
  /** The Fargate task's limit: the model's timeout plus RUNNER_GRACE_SECONDS. */
  timeoutSeconds: number;
  /** The sub-model's own timeout, which the runner enforces on the model. */
  modelTimeoutSeconds: number;
}

export const PreparedRunSchema = z.object({
  runId: z.string(),
  jobKey: z.string(),
  runner: z.enum(['python', 'r', 'excel']),
  timeoutSeconds: z.int(),
  modelTimeoutSeconds: z.int(),
});

/**
 * Time the runner needs besides the model itself: pulling the image and starting the task on Fargate,
 * downloading the work files, uploading the outputs. The task is stopped after the model's timeout
 * plus this, a backstop for a runner that hangs (the runner stops the model at its timeout itself).
 */
export const RUNNER_GRACE_SECONDS = 600;

/**
 * A failure the modeler can act on (a missing file, an unreadable outcome): its message becomes the
 * run's error as it is. Other failures of the pipeline's tasks are reported as the pipeline's own.
 */
export class PipelineError extends Error {
  override name = 'PipelineError';
}

/** The run is no longer where this task expects it (cancelled, or ended by a late event). */
export class RunNotActiveError extends Error {
  override name = 'RunNotActive';
}
