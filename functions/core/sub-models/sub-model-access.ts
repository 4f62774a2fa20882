import type { Outcome } from '@shared/rules/model-permissions';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import {
  SUB_MODEL_API_MESSAGES as MSG,
  type SectionAccess,
  type SubModelView,
} from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import type { SubModelType } from '@shared/sub-models/sub-model';
import {
  instanceRolePermission,
  type SubModelAction,
  subModelPermission,
} from '@shared/sub-models/sub-model-access';
import { getModel, type ModelRecord } from '../../data/models';
import { getSubModel, type SubModelRecord } from '../../data/sub-models';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { loadVisibleModel, permissionUser } from '../models/model-access';

/**
 * Authorization of the `sub-models` area (docs/permissions.md, "Sub-models"), in this order:
 * 1. the entry must be visible to the caller (404 otherwise, nothing revealed: model-access.ts);
 * 2. sub-models exist on WebModel 2.0 entries only (400);
 * 3. the section and action rules of spec 001 §6 (shared/sub-models/sub-model-access.ts): an outcome
 *    other than 'allowed' answers 403;
 * 4. writes on a retired entry answer 409, as every other change of a retired entry does.
 */
const TYPES: readonly SubModelType[] = ['scenario', 'calibration', 'display'];

/** The entry read ahead of the caller's lookup (a handler's prefetch); authorized by loadSubModelEntry. */
export async function readSubModelEntry(uuid: string): Promise<{ model: ModelRecord | undefined }> {
  return { model: await getModel(uuid) };
}

export async function loadSubModelEntry(
  uuid: string,
  user: User,
  read?: { model: ModelRecord | undefined },
): Promise<ModelRecord> {
  const model = await loadVisibleModel(uuid, user, read);
  if (model.metadata.platform !== WEBMODEL_PLATFORM) throw new BadRequestError(MSG.onlyWebModel);
  return model;
}

export async function loadSubModel(model: ModelRecord, subModelId: string): Promise<SubModelRecord> {
  const subModel = await getSubModel(model.uuid, subModelId);
  if (!subModel) throw new NotFoundError(MSG.subModelNotFound);
  return subModel;
}

/** A retired entry's sub-models, definitions and groups are kept as they are. */
export function requireChangeable(model: ModelRecord): void {
  if (model.status === 'RETIRED') throw new ConflictError(MSG.retired);
}

const retiredAware = (model: ModelRecord, outcome: Outcome): Outcome =>
  outcome === 'allowed' && model.status === 'RETIRED' ? 'forbidden' : outcome;

export function subModelOutcome(
  action: SubModelAction,
  user: User,
  model: ModelRecord,
  type: SubModelType,
): Outcome {
  const outcome = subModelPermission(action, permissionUser(user), model.roles, type);
  return action === 'view' ? outcome : retiredAware(model, outcome);
}

/**
 * Who may change a sub-model's input definitions (the Editor of §2): those who may edit the sub-model.
 * Display sub-models offer no Edit (§6 "not for the display type"), yet their definition holds the
 * display parameters of the visualization: for them the same people decide (super users, owners, the
 * lead and the steward), as for the other types.
 */
export function definitionOutcome(user: User, model: ModelRecord, type: SubModelType): Outcome {
  return subModelOutcome('edit', user, model, type === 'display' ? 'scenario' : type);
}

export function instanceOutcome(
  action: 'view' | 'add',
  user: User,
  model: ModelRecord,
  type: SubModelType,
): Outcome {
  const outcome = instanceRolePermission(action, permissionUser(user), model.roles, type);
  return action === 'view' ? outcome : retiredAware(model, outcome);
}

/** 403 unless `outcome` is allowed; a write on a retired entry is 409. */
export function requireOutcome(
  outcome: Outcome,
  model: ModelRecord,
  message: string = MSG.actionDenied,
): void {
  if (outcome === 'allowed') return;
  if (outcome === 'forbidden') requireChangeable(model);
  throw new ForbiddenError(message);
}

export function requireSubModelAction(
  action: SubModelAction,
  user: User,
  model: ModelRecord,
  type: SubModelType,
): void {
  if (action !== 'view' && subModelOutcome('view', user, model, type) !== 'allowed') {
    throw new ForbiddenError(MSG.sectionDenied);
  }
  requireOutcome(
    subModelOutcome(action, user, model, type),
    model,
    action === 'view' ? MSG.sectionDenied : MSG.actionDenied,
  );
}

/**
 * A sub-model's links name sub-models of other sections: only a caller who sees that section may set
 * them. Otherwise a scenario modeler could link their scenario sub-model to a calibration sub-model
 * and receive its accepted outputs in their runs. Checked before the link is looked up (403, nothing
 * written), so the answer is the same whether the id names a sub-model or not.
 */
export function requireLinkableSections(
  user: User,
  model: ModelRecord,
  links: { executionSetupId?: string | undefined; displayExecutionSetupId?: string | undefined },
): void {
  if (links.executionSetupId && subModelOutcome('view', user, model, 'calibration') !== 'allowed')
    throw new ForbiddenError(MSG.calibrationSectionDenied);
  if (links.displayExecutionSetupId && subModelOutcome('view', user, model, 'display') !== 'allowed')
    throw new ForbiddenError(MSG.sectionDenied);
}

/** Which sections the caller sees and may add to (the list's `access`). */
export function sectionAccess(user: User, model: ModelRecord): SectionAccess {
  const sections = {} as Record<SubModelType, Outcome>;
  const add = {} as Record<SubModelType, Outcome>;
  for (const type of TYPES) {
    sections[type] = subModelOutcome('view', user, model, type);
    add[type] = subModelOutcome('add', user, model, type);
  }
  return { sections, add };
}

/** A stored sub-model as the API answers it, with the caller's permissions. */
export function toSubModelView(user: User, model: ModelRecord, record: SubModelRecord): SubModelView {
  const { modifiedBy: _modifiedBy, ...subModel } = record;
  return {
    ...subModel,
    permissions: {
      edit: subModelOutcome('edit', user, model, record.type),
      delete: subModelOutcome('delete', user, model, record.type),
      addInstance: instanceOutcome('add', user, model, record.type),
    },
  };
}
