import * as z from 'zod/mini';
import { SubModelIdSchema } from '../schemas/sub-models-api';
import type { InstanceStatus } from '../sub-models/instances';

/**
 * Outdated after a file change (spec 001 §4 "Outdated"; 000 §2 Editing › Files, step 2): on an
 * unpublished model entry, changing the model files after an instance was executed marks that
 * instance outdated, and a warning says so. The Files dialog asks which calibration or scenario
 * sub-models the change affected, then sends
 *   POST /v2/models/{uuid}/files/outdate-instances  OutdateAfterFileChangeBody → OutdateAfterFileChangeResult
 * The server (functions/core/files/outdate-instances.ts) enforces the rules below; the web app uses the
 * same texts.
 */

/**
 * The statuses of an instance that has been executed and whose run is over: its result (or failure)
 * came from the files as they were. DRAFT never ran. A run still in flight (NOTSTARTED to
 * POSTPROCESSING) is left alone: one not yet prepared reads the new files, and a finishing run writes
 * `outdated: false` with COMPLETED anyway (functions/data/executions.ts).
 */
export const EXECUTED_STATUSES = [
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'ACCEPTED',
  'SUPERSEDED',
] as const satisfies readonly InstanceStatus[];

export const isExecutedStatus = (status: string): boolean =>
  (EXECUTED_STATUSES as readonly string[]).includes(status);

/** The sub-model types step 2 offers (000 §2: "calibration or scenario sub-models"). */
export const FILE_CHANGE_SUB_MODEL_TYPES = ['calibration', 'scenario'] as const;

/** At most this many sub-models per request (an entry has a handful; this bounds one request's work). */
export const MAX_OUTDATE_SUB_MODELS = 100;

export const OutdateAfterFileChangeBodySchema = z.object({
  /** The affected sub-models (execution setup ids), each once. */
  subModelIds: z.array(SubModelIdSchema).check(
    z.minLength(1, 'Select at least one sub-model.'),
    z.maxLength(MAX_OUTDATE_SUB_MODELS),
    z.refine((ids) => new Set(ids).size === ids.length, 'A sub-model is named more than once.'),
  ),
});
export type OutdateAfterFileChangeBody = z.infer<typeof OutdateAfterFileChangeBodySchema>;

export const OutdateAfterFileChangeResultSchema = z.object({
  /** Instances marked outdated by this request (those outdated already are not counted again). */
  outdated: z.int().check(z.nonnegative()),
  /** The same count per sub-model, in the order of the request. */
  subModels: z.array(z.object({ id: z.string(), outdated: z.int().check(z.nonnegative()) })),
});
export type OutdateAfterFileChangeResult = z.infer<typeof OutdateAfterFileChangeResultSchema>;

/** Our texts: the spec says a warning tells the user, without giving its words. */
export const OUTDATE_AFTER_FILE_CHANGE_MESSAGES = {
  onlyUnpublished:
    'Instances are marked outdated after a file change only on an unpublished (draft) model entry.',
  unknownSubModel: (id: string) => `Sub-model ${id} is not a sub-model of this model entry.`,
  notCalibrationOrScenario: (name: string) =>
    `${name} is a display sub-model: only calibration and scenario sub-models are marked outdated after a file change.`,
  /** The warning after the save (001 §4). */
  markedOutdated: (count: number) =>
    count === 1
      ? '1 instance was marked outdated: the model files changed after it was executed.'
      : `${count} instances were marked outdated: the model files changed after they were executed.`,
  noneMarked: 'No executed instance of the selected sub-models was found: none was marked outdated.',
  failed: 'The files were saved, but the instances could not be marked outdated.',
} as const;
