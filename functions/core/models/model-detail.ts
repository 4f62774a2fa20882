import { allMembers } from '@shared/rules/model-roles';
import type { ModelMetadata, ModelRoles } from '@shared/schemas/model';
import type { ModelDetail, UserSummary } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import type { ModelRecord } from '../../data/models';
import { permissionsOf, theoremFlagsOf } from './model-access';
import { displaySummaries, toUserSummary } from './model-users';

/**
 * The preview rule: a caller who may preview an entry but not view it (an internal user without a
 * role on a published entry) gets its general information only: the fields of a search card and of
 * the four person cards. Left out: files (fileCount 0), documentation and usage texts, the legal
 * notice, VEAP/REV-OPS, source-control coordinates, environments, and every role list except lead,
 * steward and owners.
 */
export const PREVIEW_METADATA_FIELDS = [
  'therapeutic_area',
  'disease',
  'product',
  'model_type',
  'type',
  'global',
  'global_adaptation',
  'country',
  'platform',
  'study_number',
  'version_release_of_model',
  'stage_of_model_development',
  'information_classification',
  'objective_of_model',
  'suffix',
  'tree_root_id',
  'tree_parent_id',
  'name_of_model_steward',
] as const satisfies readonly (keyof ModelMetadata)[];

export function previewMetadata(metadata: ModelMetadata): ModelMetadata {
  const out: Record<string, unknown> = {};
  for (const f of PREVIEW_METADATA_FIELDS) if (metadata[f] !== undefined) out[f] = metadata[f];
  return out as ModelMetadata;
}

export function previewRoles(roles: ModelRoles): ModelRoles {
  return {
    ...(roles.vestLead ? { vestLead: roles.vestLead } : {}),
    ...(roles.steward ? { steward: roles.steward } : {}),
    owners: roles.owners,
    viewers: [],
    displayViewers: [],
    calibrationModelers: [],
    scenarioModelers: [],
  };
}

/** The detail answer for `caller`; `users` may hold already loaded user records. */
export async function toModelDetail(
  model: ModelRecord,
  caller: User,
  known: ReadonlyMap<string, User> = new Map(),
): Promise<ModelDetail> {
  const permissions = permissionsOf(caller, model);
  const callerFlags = theoremFlagsOf(model, caller);
  const full = permissions.view === 'allowed';
  const roles = full ? model.roles : previewRoles(model.roles);
  const ids = new Set([...allMembers(roles), model.createdBy]);
  // Records the caller already holds are fresh (the caller's own, those a write just read); the
  // others are only shown, so a summary up to a minute old will do (displaySummaries).
  const fresh = new Map([...known, [caller.id, caller]]);
  const missing = [...ids].filter((id) => !fresh.has(id));
  const shown = missing.length > 0 ? await displaySummaries(missing) : new Map<string, UserSummary>();
  const users: Record<string, UserSummary> = {};
  for (const id of ids) {
    const record = fresh.get(id);
    const summary = record ? toUserSummary(record) : shown.get(id);
    if (summary) users[id] = summary;
  }
  return {
    uuid: model.uuid,
    name: model.name,
    status: model.status,
    metadata: full ? model.metadata : previewMetadata(model.metadata),
    roles,
    users,
    createdBy: model.createdBy,
    createdOn: model.createdOn,
    modifiedOn: model.modifiedOn,
    ...(model.publishedOn ? { publishedOn: model.publishedOn } : {}),
    ...(model.retiredOn ? { retiredOn: model.retiredOn } : {}),
    ...(full && model.retireReason ? { retireReason: model.retireReason } : {}),
    fileCount: full ? model.fileCount : 0,
    theorem: model.theorem,
    pneu: model.pneu,
    ...(full && callerFlags ? { theoremFlags: callerFlags } : {}),
    permissions,
    rev: model.rev,
  };
}
