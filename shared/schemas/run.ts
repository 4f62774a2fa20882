import * as z from 'zod';
import { RUN_TIMEOUT_SECONDS } from '../constants';

export const RunStatusSchema = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const RunParameterValueSchema = z.union([z.number(), z.string(), z.boolean()]);
export const RunParametersSchema = z.record(z.string(), RunParameterValueSchema);
export type RunParameters = z.infer<typeof RunParametersSchema>;

/** Input of the state machine execution (and of its Prepare step). */
export const RunInputSchema = z.object({
  runId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  parameters: RunParametersSchema,
  timeoutSeconds: z.number().int().min(1).max(RUN_TIMEOUT_SECONDS.max).default(RUN_TIMEOUT_SECONDS.default),
  /** Test hook: the runner exits 1 so the failure path can be exercised end to end. */
  fail: z.boolean().optional(),
});
export type RunInput = z.input<typeof RunInputSchema>;

/** Output of Prepare, kept by the state machine at `$.prepared`. */
export const PreparedRunSchema = z.object({
  runId: z.string(),
  inputKey: z.string(),
  outputKey: z.string(),
  timeoutSeconds: z.number().int(),
});
export type PreparedRun = z.infer<typeof PreparedRunSchema>;

/** What Prepare writes to `runs/<runId>/input.json` for the runner. */
export const RunnerInputSchema = z.object({
  runId: z.string(),
  parameters: RunParametersSchema,
  fail: z.boolean().optional(),
});
export type RunnerInput = z.infer<typeof RunnerInputSchema>;

export const CohortTraceRowSchema = z.object({
  cycle: z.number().int(),
  healthy: z.number(),
  sick: z.number(),
  dead: z.number(),
  cost: z.number(),
  qalys: z.number(),
});

/** What the runner writes to `runs/<runId>/output.json`. */
export const RunnerOutputSchema = z.object({
  runId: z.string(),
  model: z.literal('markov-cohort-3-state'),
  totalCost: z.number(),
  totalQalys: z.number(),
  cycles: z.number().int(),
  trace: z.array(CohortTraceRowSchema),
  finishedOn: z.string(),
});
export type RunnerOutput = z.infer<typeof RunnerOutputSchema>;

export const RunResultSummarySchema = z.object({
  totalCost: z.number(),
  totalQalys: z.number(),
  cycles: z.number().int(),
});

/** The run record (RUN#<runId>). */
export const RunSchema = z.object({
  runId: z.string(),
  status: RunStatusSchema,
  parameters: RunParametersSchema,
  inputKey: z.string(),
  outputKey: z.string(),
  timeoutSeconds: z.number().int(),
  startedOn: z.string(),
  finishedOn: z.string().optional(),
  result: RunResultSummarySchema.optional(),
  error: z.string().optional(),
  cause: z.string().optional(),
});
export type Run = z.infer<typeof RunSchema>;
