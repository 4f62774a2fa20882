import * as z from 'zod/mini';
import {
  EXECUTION_QUEUE_PAGE_SIZE,
  EXECUTION_QUEUE_PAGE_SIZES,
  MAX_GROUP_INSTANCES,
} from '../executions/execution-status';
import { InstanceStatusSchema } from '../sub-models/instances';
import { booleanText } from './input';
import { UuidSchema } from './model-api';
import {
  HashedFileSchema,
  LogTailSchema,
  ModelLanguageSchema,
  RunFaultCodeSchema,
  RunRecordSchema,
  RunResultSchema,
} from './run-result';

/**
 * The executions API (issue 11, area `executions`): Execute, start, cancel, the execution queue, and
 * an instance's result, outputs, reproducibility record and calibration governance. The rules are in
 * shared/executions/execution-status.ts; docs/api.md, "Executions", describes the routes.
 */

const IdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_-]+$/, 'must be an id of letters, digits, _ and -'),
  );

export const ExecutionGroupParamsSchema = z.object({ groupId: IdSchema });

export const CreateExecutionBodySchema = z.object({
  /** The instances to run, all of this entry; one execution each, in one group. */
  instanceIds: z.array(IdSchema).check(
    z.minLength(1),
    z.maxLength(MAX_GROUP_INSTANCES),
    z.refine((ids) => new Set(ids).size === ids.length, 'must not name an instance twice'),
  ),
  /**
   * For scenario instances of a sub-model linked to a calibration sub-model: the accepted calibration
   * instance they run with (stored as the instance's `scenarioId`); absent keeps the one they have.
   */
  calibrationInstanceId: z.optional(IdSchema),
});
export type CreateExecutionBody = z.infer<typeof CreateExecutionBodySchema>;

export const CreateExecutionResultSchema = z.object({
  groupId: z.string(),
  /** False when every instance was already running in this group (a second click on Execute). */
  created: z.boolean(),
});
export type CreateExecutionResult = z.infer<typeof CreateExecutionResultSchema>;

/** §3 "find executions with pageSize, pageIndex (offset), orderBy, orderDesc". */
export const ExecutionQueueQuerySchema = z.object({
  pageIndex: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
  pageSize: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine(
        (n) => (EXECUTION_QUEUE_PAGE_SIZES as readonly number[]).includes(n),
        `Page size must be one of ${EXECUTION_QUEUE_PAGE_SIZES.join(', ')}`,
      ),
    ),
    EXECUTION_QUEUE_PAGE_SIZE,
  ),
  orderBy: z._default(z.enum(['createdOn']), 'createdOn'),
  orderDesc: z._default(booleanText(), true),
});
export type ExecutionQueueQuery = z.output<typeof ExecutionQueueQuerySchema>;

/**
 * A named thing of a queue row. In a row the caller may not see, `id` is left out and `name` reads
 * 'Restricted access' (issue 16: ids in such rows let a model aim at other users' runs).
 */
const NamedSchema = z.object({ id: z.optional(z.string()), name: z.string() });

export const ExecutionErrorSchema = z.object({
  /** A runner fault code (shared/schemas/run-result.ts) or one of the pipeline's (START_FAILED...). */
  code: z.string(),
  /** For the modeler: what went wrong and what to do ('Execution Failed'). */
  message: z.string(),
});
export type ExecutionError = z.infer<typeof ExecutionErrorSchema>;

/**
 * One instance's run in a group (§3 "Scenario execution"). A run the caller may not see (`restricted`)
 * carries its status and its group's time only: no run, instance or sub-model id, no creator, names
 * reading 'Restricted access'; its group and entry ids only when the caller sees the entry.
 */
export const ExecutionSchema = z.object({
  /** The run id; absent when restricted. */
  id: z.optional(z.string()),
  /** Absent when the caller cannot see the entry. */
  groupId: z.optional(z.string()),
  status: InstanceStatusSchema,
  scenario: NamedSchema,
  model: z.object({ uuid: z.optional(z.string()), name: z.string() }),
  subModelId: z.optional(z.string()),
  /** The file the run starts (the sub-model's first execution file of the model's language). */
  filename: z.string(),
  createdBy: NamedSchema,
  createdOn: z.string(),
  queuedOn: z.optional(z.string()),
  startedOn: z.optional(z.string()),
  finishedOn: z.optional(z.string()),
  error: z.optional(ExecutionErrorSchema),
  /** The caller may not see the entry or the instance: names and details are withheld. */
  restricted: z.boolean(),
});
export type Execution = z.infer<typeof ExecutionSchema>;

/**
 * A group: a queue row. A group of an entry the caller cannot see (`restricted`) carries only its
 * status, time and runs: no group id, entry uuid or creator.
 */
export const ExecutionGroupSchema = z.object({
  groupId: z.optional(z.string()),
  status: InstanceStatusSchema,
  model: z.object({ uuid: z.optional(z.string()), name: z.string() }),
  createdBy: NamedSchema,
  createdOn: z.string(),
  restricted: z.boolean(),
  executions: z.array(ExecutionSchema),
});
export type ExecutionGroup = z.infer<typeof ExecutionGroupSchema>;

export const ExecutionQueuePageSchema = z.object({
  items: z.array(ExecutionGroupSchema),
  total: z.int().check(z.nonnegative()),
});
export type ExecutionQueuePage = z.infer<typeof ExecutionQueuePageSchema>;

/** The cancel answer: the group as it is now and how many runs this request cancelled. */
export const CancelExecutionResultSchema = z.extend(ExecutionGroupSchema, { cancelled: z.int() });

// ---------- an instance's run ----------

export const InstanceResultSchema = z.object({
  instanceId: z.string(),
  status: InstanceStatusSchema,
  runId: z.string(),
  groupId: z.string(),
  finishedOn: z.optional(z.string()),
  /** COMPLETED, ACCEPTED, SUPERSEDED: what the model returned. */
  result: z.optional(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('visualization'), result: RunResultSchema }),
      z.object({ kind: z.literal('files') }),
    ]),
  ),
  /** The files the run wrote into its output directory (result.json included). */
  files: z.array(HashedFileSchema),
  notes: z.array(z.string()),
  /** FAILED or CANCELLED: why ('Execution Failed'). */
  error: z.optional(ExecutionErrorSchema),
  /** The last 1 MB of the model's stdout and stderr, when the runner started it. */
  logs: z.optional(z.object({ stdout: LogTailSchema, stderr: LogTailSchema })),
});
export type InstanceResult = z.infer<typeof InstanceResultSchema>;

export const OutputsQuerySchema = z.object({
  /** One output file (a path of `files`); absent: the zip of all of them. */
  path: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
});

export const OutputDownloadSchema = z.object({
  /** A presigned GET whose content-disposition names the file. */
  url: z.string(),
  fileName: z.string(),
  expiresInSeconds: z.int(),
});
export type OutputDownload = z.infer<typeof OutputDownloadSchema>;

export const RecordQuerySchema = z.object({ runId: z.optional(IdSchema) });

/** GET …/instances/{instanceId}/record: the reproducibility record of a run (issue 11 §4). */
export const RunRecordViewSchema = z.object({
  runId: z.string(),
  groupId: z.string(),
  instanceId: z.string(),
  modelUuid: z.string(),
  status: z.enum(['COMPLETED', 'FAILED']),
  language: ModelLanguageSchema,
  subModel: z.object({ id: z.string(), name: z.string(), version: z.int() }),
  ranBy: NamedSchema,
  /** When Execute was pressed; the record has when the model itself started and ended. */
  requestedOn: z.string(),
  record: RunRecordSchema,
  /** SHA-256 of the run's model files, parameter files, input values and entry: equal inputs. */
  inputFingerprint: z.string(),
  faultCode: z.optional(RunFaultCodeSchema),
  /** Runs of this entry with the same input fingerprint, and how many different results they had. */
  sameInputRuns: z.int(),
  distinctResults: z.int(),
  /** Two runs with the same inputs gave different results. */
  nonDeterministic: z.boolean(),
});
export type RunRecordView = z.infer<typeof RunRecordViewSchema>;

export const GovernanceResultSchema = z.object({
  instanceId: z.string(),
  status: InstanceStatusSchema,
  /** Accept: the instance of the sub-model that was accepted before and is now SUPERSEDED. */
  superseded: z.optional(z.object({ id: z.string(), name: z.string() })),
});
export type GovernanceResult = z.infer<typeof GovernanceResultSchema>;

export const InstanceModelParamsSchema = z.object({ uuid: UuidSchema });
