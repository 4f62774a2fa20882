import * as z from 'zod/mini';
import { SUB_MODEL_LIMITS } from './limits';
import { FORM_MESSAGES as M, SUB_MODEL_MESSAGES } from './messages';

/** Scenario groups (spec 001 §3, §5): a named set of instances of one sub-model. */

export const GROUP_LABELS = { name: 'Name' } as const;

/** Name: required, at most 20 characters. */
export const GroupNameSchema = z
  .string({ error: M.required(GROUP_LABELS.name) })
  .check(
    z.trim(),
    z.minLength(1, M.required(GROUP_LABELS.name)),
    z.maxLength(SUB_MODEL_LIMITS.groupNameMax, M.tooLong(GROUP_LABELS.name)),
  );

export const GroupSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: GroupNameSchema,
  executionSetupId: z.string().check(z.minLength(1), z.maxLength(64)),
  scenarioIds: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(10_000)),
    [],
  ),
});
export type Group = z.infer<typeof GroupSchema>;

/**
 * Names are unique case-insensitively within the same sub-model ('Name is not unique'); `groupId` is
 * the group being renamed, which may keep its own name.
 */
export function groupNameProblem(
  name: string,
  executionSetupId: string,
  groups: readonly Pick<Group, 'id' | 'name' | 'executionSetupId'>[],
  groupId?: string,
): string | undefined {
  const parsed = GroupNameSchema.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  const wanted = parsed.data.toLocaleLowerCase();
  const taken = groups.some(
    (g) =>
      g.executionSetupId === executionSetupId &&
      g.id !== groupId &&
      g.name.trim().toLocaleLowerCase() === wanted,
  );
  return taken ? M.notUnique(GROUP_LABELS.name) : undefined;
}

/** Dragging an instance into a group adds it once; dragging it out removes it. */
export const addToGroup = (scenarioIds: readonly string[], instanceId: string) =>
  scenarioIds.includes(instanceId) ? [...scenarioIds] : [...scenarioIds, instanceId];
export const removeFromGroup = (scenarioIds: readonly string[], instanceId: string) =>
  scenarioIds.filter((id) => id !== instanceId);

export const DELETE_GROUP_CONFIRM = SUB_MODEL_MESSAGES.deleteGroupConfirm;
