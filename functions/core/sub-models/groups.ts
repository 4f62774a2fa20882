import {
  type CreateGroupBody,
  type GroupView,
  SUB_MODEL_API_MESSAGES as MSG,
  type UpdateGroupBody,
} from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { groupNameProblem } from '@shared/sub-models/groups';
import { ulid } from 'ulid';
import { listInstanceRefs } from '../../data/instances-outdate';
import type { ModelRecord } from '../../data/models';
import {
  createGroup,
  deleteGroup,
  findGroup,
  GROUP_NAME_TAKEN,
  type GroupRecord,
  listGroups,
  updateGroup,
} from '../../data/scenario-groups';
import { getSubModel, listSubModels, type SubModelRecord } from '../../data/sub-models';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { instanceOutcome, loadSubModel, loadSubModelEntry, requireOutcome } from './sub-model-access';

/**
 * Scenario groups (spec 001 §3, §5, §7): named sets of instances of one scenario or calibration
 * sub-model, used in the visualization's step 1 (drag instances in and out).
 * - Seeing a sub-model's groups: those who see its instances; changing them: those who may add its
 *   instances (instanceRolePermission 'view' / 'add'). Display sub-models have no instances, so no
 *   groups.
 * - Name: required, at most 20 (schema), unique case-insensitively within the sub-model: 409
 *   'Name is not unique' (checked first, and guaranteed by the name item written with the group).
 * - scenarioIds: instances of the same sub-model (422 otherwise), each once.
 */

const toGroupView = (g: GroupRecord): GroupView => ({
  id: g.id,
  modelUuid: g.modelUuid,
  executionSetupId: g.executionSetupId,
  name: g.name,
  scenarioIds: g.scenarioIds,
  createdBy: g.createdBy,
  createdOn: g.createdOn,
  modifiedOn: g.modifiedOn,
});

const byName = (a: GroupRecord, b: GroupRecord) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The sub-model of a group as the body names it: 422 when the entry has no such sub-model or it is a display one. */
async function groupSubModel(model: ModelRecord, subModelId: string): Promise<SubModelRecord> {
  const subModel = await getSubModel(model.uuid, subModelId);
  if (!subModel)
    throw new UnprocessableError(MSG.linkUnknown('executionSetupId'), [
      { path: 'body.executionSetupId', message: MSG.linkUnknown('executionSetupId') },
    ]);
  if (subModel.type === 'display')
    throw new UnprocessableError(MSG.groupSubModel, [
      { path: 'body.executionSetupId', message: MSG.groupSubModel },
    ]);
  return subModel;
}

async function checkName(
  group: Pick<GroupRecord, 'modelUuid' | 'executionSetupId'>,
  name: string,
  groupId?: string,
) {
  const siblings = await listGroups(group.modelUuid, group.executionSetupId);
  const problem = groupNameProblem(name, group.executionSetupId, siblings, groupId);
  if (problem === GROUP_NAME_TAKEN) throw new ConflictError(problem);
  if (problem) throw new UnprocessableError(problem, [{ path: 'body.name', message: problem }]);
}

async function checkScenarios(uuid: string, subModelId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set((await listInstanceRefs(uuid, subModelId)).map((r) => r.id));
  const issues = ids.flatMap((id, index) =>
    known.has(id) ? [] : [{ path: `body.scenarioIds.${index}`, message: MSG.scenarioUnknown(id) }],
  );
  const first = issues[0];
  if (first) throw new UnprocessableError(first.message, issues);
  return [...new Set(ids)];
}

export async function listGroupsOf(
  user: User,
  uuid: string,
  subModelId: string | undefined,
): Promise<{ items: GroupView[] }> {
  const model = await loadSubModelEntry(uuid, user);
  if (subModelId) {
    const subModel = await loadSubModel(model, subModelId);
    requireOutcome(instanceOutcome('view', user, model, subModel.type), model, MSG.sectionDenied);
    return { items: (await listGroups(uuid, subModel.id)).sort(byName).map(toGroupView) };
  }
  const [subModels, groups] = await Promise.all([listSubModels(uuid), listGroups(uuid)]);
  const visible = new Set(
    subModels.filter((s) => instanceOutcome('view', user, model, s.type) === 'allowed').map((s) => s.id),
  );
  return {
    items: groups
      .filter((g) => visible.has(g.executionSetupId))
      .sort(byName)
      .map(toGroupView),
  };
}

async function loadGroup(user: User, uuid: string, groupId: string, action: 'view' | 'add') {
  const model = await loadSubModelEntry(uuid, user);
  const group = await findGroup(uuid, groupId);
  if (!group) throw new NotFoundError(MSG.groupNotFound);
  const subModel = await loadSubModel(model, group.executionSetupId);
  requireOutcome(instanceOutcome('view', user, model, subModel.type), model, MSG.sectionDenied);
  if (action === 'add') requireOutcome(instanceOutcome('add', user, model, subModel.type), model);
  return { model, group };
}

export async function getGroupOf(user: User, uuid: string, groupId: string): Promise<GroupView> {
  return toGroupView((await loadGroup(user, uuid, groupId, 'view')).group);
}

/**
 * Creates a group (Create Group of the sub-model menu).
 * 1. Entry visible, WebModel 2.0; the sub-model of `executionSetupId` (422 when unknown or display);
 *    'add' instances there (403); not on a retired entry (409).
 * 2. The name: unique in the sub-model (409); the scenarios: its instances (422).
 * 3. One transaction: the group, its name item, and a check that the sub-model still exists.
 */
export async function createGroupOf(
  user: User,
  uuid: string,
  body: CreateGroupBody,
  now = new Date(),
): Promise<GroupView> {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await groupSubModel(model, body.executionSetupId);
  requireOutcome(instanceOutcome('view', user, model, subModel.type), model, MSG.sectionDenied);
  requireOutcome(instanceOutcome('add', user, model, subModel.type), model);
  await checkName({ modelUuid: uuid, executionSetupId: subModel.id }, body.name);
  const scenarioIds = await checkScenarios(uuid, subModel.id, body.scenarioIds);
  const at = now.toISOString();
  const group: GroupRecord = {
    id: ulid(now.getTime()),
    modelUuid: uuid,
    executionSetupId: subModel.id,
    name: body.name,
    scenarioIds,
    createdBy: user.id,
    createdOn: at,
    modifiedOn: at,
    version: 1,
  };
  await createGroup(group);
  return toGroupView(group);
}

/** Renames a group (Edit Group Label) or sets its instances (drag and drop); 409 on a concurrent save. */
export async function updateGroupOf(
  user: User,
  uuid: string,
  groupId: string,
  body: UpdateGroupBody,
  now = new Date(),
): Promise<GroupView> {
  const { group } = await loadGroup(user, uuid, groupId, 'add');
  if (body.name !== undefined) await checkName(group, body.name, group.id);
  const scenarioIds =
    body.scenarioIds !== undefined
      ? await checkScenarios(uuid, group.executionSetupId, body.scenarioIds)
      : group.scenarioIds;
  const next: GroupRecord = {
    ...group,
    name: body.name ?? group.name,
    scenarioIds,
    modifiedOn: now.toISOString(),
    modifiedBy: user.id,
    version: group.version + 1,
  };
  await updateGroup(group, next);
  return toGroupView(next);
}

/** Deletes a group ('Are you sure you want to delete this group?'); its instances stay. */
export async function deleteGroupOf(user: User, uuid: string, groupId: string): Promise<void> {
  const { group } = await loadGroup(user, uuid, groupId, 'add');
  await deleteGroup(group);
}
