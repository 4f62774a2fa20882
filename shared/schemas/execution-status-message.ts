import * as z from 'zod/mini';
import { InstanceStatusSchema } from '../sub-models/instances';

/**
 * The live status of executions (spec 001 §4 "Live status", §7 "Live channel"): pushed over the
 * WebSocket to the instance's creator, the users it is shared with and whoever pressed Execute, on
 * every status change, as `{ scenario, execution: { status } }` like the spec's channel
 * (/topic/scenarioExecutionStatusUpdates), with the ids a page needs to refresh itself.
 */
export const ExecutionStatusMessageSchema = z.object({
  type: z.literal('execution-status'),
  scenario: z.object({ id: z.string(), name: z.string() }),
  execution: z.object({
    status: InstanceStatusSchema,
    groupId: z.optional(z.string()),
    runId: z.optional(z.string()),
    modelUuid: z.string(),
    subModelId: z.string(),
    changedOn: z.string(),
    /**
     * Why the status changed: a run (absent in older messages), or calibration governance (accept,
     * unaccept, supersede), which is no execution and must not be toasted as one (issue 21 §11:
     * Unaccept toasted 'Execution of X completed').
     */
    cause: z.optional(z.enum(['run', 'governance'])),
  }),
});
export type ExecutionStatusMessage = z.infer<typeof ExecutionStatusMessageSchema>;
