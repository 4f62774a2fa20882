import * as z from 'zod/mini';
import { InstanceStatusSchema } from '../sub-models/instances';
import { SubModelTypeSchema } from '../sub-models/sub-model';
import { UuidSchema } from './model-api';

/**
 * `GET /v2/models/{uuid}/compare/{otherUuid}/results` (issue 18 §6, docs/versions.md "Results"): what
 * the change from one WebModel 2.0 version to another did to the results. Scenarios (instances) pair
 * by sub-model type, sub-model name and instance name; each pair with a finished run on both sides
 * has its result tables compared (shared/diffs/result-changes.ts); a pair that ran on one side only
 * says what the other side needs. `uuid` is the version compared from (A), `otherUuid` the one to (B).
 */

export const CompareResultsParamsSchema = z.object({ uuid: UuidSchema, otherUuid: UuidSchema });

const CellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const CellChangeSchema = z.object({
  column: z.string(),
  before: z.optional(CellValueSchema),
  after: z.optional(CellValueSchema),
  absolute: z.optional(z.number()),
  relative: z.optional(z.number()),
  changed: z.boolean(),
});
export type CellChange = z.infer<typeof CellChangeSchema>;

const PresenceSchema = z.enum(['both', 'added', 'removed']);

export const TableChangeSchema = z.object({
  title: z.string(),
  status: PresenceSchema,
  columns: z.array(z.string()),
  rows: z.array(z.object({ label: z.string(), status: PresenceSchema, cells: z.array(CellChangeSchema) })),
  tooLarge: z.optional(z.boolean()),
});
export type TableChange = z.infer<typeof TableChangeSchema>;

export const NumericChangeSchema = z.object({
  table: z.string(),
  row: z.string(),
  column: z.string(),
  before: z.number(),
  after: z.number(),
  absolute: z.number(),
  relative: z.optional(z.number()),
  headline: z.string(),
});

/** One version's instance of a paired scenario. */
export const ResultSideSchema = z.object({
  instanceId: z.string(),
  subModelId: z.string(),
  status: InstanceStatusSchema,
  /** The latest run, when it finished with results. */
  runId: z.optional(z.string()),
  finishedOn: z.optional(z.string()),
  /** The caller may Execute it now (their right and its state; a linked scenario goes through its page). */
  mayExecute: z.boolean(),
});
export type ResultSide = z.infer<typeof ResultSideSchema>;

/**
 * What the side without a finished run needs: a run of its instance ('run'), the instance itself in
 * the same-named sub-model ('instance'), or that sub-model ('subModel').
 */
export const MissingRunSchema = z.enum(['run', 'instance', 'subModel']);
export type MissingRun = z.infer<typeof MissingRunSchema>;

export const ResultPairSchema = z.object({
  subModelType: SubModelTypeSchema,
  subModelName: z.string(),
  name: z.string(),
  /** The instance in version A (`uuid`) and in version B (`otherUuid`), where it exists. */
  before: z.optional(ResultSideSchema),
  after: z.optional(ResultSideSchema),
  /** Where a finished run exists. */
  ranOn: z.enum(['both', 'before', 'after']),
  /** The side that did not run: what it needs. */
  missing: z.optional(MissingRunSchema),
  /** Both ran: the tables side by side and the numeric changes, largest first. */
  tables: z.optional(z.array(TableChangeSchema)),
  changes: z.optional(z.array(NumericChangeSchema)),
  /** Both ran but a result could not be compared (no visualization result, or unreadable). */
  problem: z.optional(z.string()),
});
export type ResultPair = z.infer<typeof ResultPairSchema>;

export const CompareResultsSchema = z.object({
  /** Both entries are WebModel 2.0 entries (the only ones with scenarios); otherwise `pairs` is empty. */
  applicable: z.boolean(),
  pairs: z.array(ResultPairSchema),
});
export type CompareResults = z.infer<typeof CompareResultsSchema>;

/** The texts of the Results section (our words; the spec has none for this beyond-the-anchors view). */
export const RESULT_COMPARE_TEXTS = {
  empty: 'No scenario has a finished run in either version under the same sub-model and name.',
  notApplicable: 'Results are compared for WebModel 2.0 entries only.',
  noChanges: 'No numeric result changed.',
  notVisualization: 'This run returned files, not result tables: there is nothing to compare.',
  unreadable: 'The result of one of the runs could not be read.',
  missing: (missing: MissingRun, version: string, subModel: string, name: string): string => {
    switch (missing) {
      case 'run':
        return `'${name}' has not finished a run in ${version}.`;
      case 'instance':
        return `${version} has no scenario '${name}' in sub-model '${subModel}': add it there, then run it.`;
      case 'subModel':
        return `${version} has no sub-model '${subModel}': add it with the scenario '${name}', then run it.`;
    }
  },
} as const;
