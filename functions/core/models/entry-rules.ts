import { fillEmptyFromStudy, invalidOptions, type MetadataOptionLists } from '@shared/rules/model-metadata';
import { nameProblems } from '@shared/rules/model-name';
import { canAddModel } from '@shared/rules/model-permissions';
import {
  allMembers,
  assignRole,
  normalizeRoles,
  type RoleUser,
  roleChangeProblems,
  roleChangeRefusal,
} from '@shared/rules/model-roles';
import { versionFormatProblem } from '@shared/rules/model-version';
import { type PublishIssue, SEVERITIES } from '@shared/rules/publish-checks';
import type { MetadataOption } from '@shared/schemas/metadata-option';
import { type ModelMetadata, type ModelRoles, TOP_SENSITIVITY_CLASSIFICATION } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import type { Membership, MembershipRole } from '../../data/memberships';
import { membershipDelete, membershipPut } from '../../data/memberships';
import type { LabeledTxItem } from '../../data/transactions';
import { ForbiddenError, UnprocessableError } from '../../lib/errors';
import { fullName, loadUsers } from './model-users';

/** A problem of an entry as the API reports it (path → message). */
export interface Issue {
  path: string;
  message: string;
}

export function throwIfIssues(issues: readonly Issue[]): void {
  const first = issues[0];
  if (first) throw new UnprocessableError(first.message, [...issues]);
}

/**
 * Normalizes a requested role set (exclusivity) and checks it with the shared rules against the
 * stored users (shared/rules/model-roles.ts): who may change the lead and the steward (403); roles
 * that exclude each other in the request, unknown or inactive new users, roles the platform does not
 * have, lead/steward/owners required, external lead or steward, owners removing themselves or the
 * lead, external users on THEOREM or top-sensitivity entries (issues, 422).
 */
export async function prepareRoles(input: {
  caller: User;
  before: ModelRoles | undefined;
  requested: ModelRoles;
  model: { platform?: string; classification?: string };
  /** A new entry's platform-role holders who keep their role (roleChangeProblems `carried`). */
  carried?: ModelRoles;
}): Promise<{ roles: ModelRoles; users: Map<string, User>; issues: Issue[] }> {
  const roles = normalizeRoles(input.requested);
  const actor = { id: input.caller.id, userType: input.caller.userType };
  const refusal = roleChangeRefusal({ before: input.before, after: roles, actor });
  if (refusal) throw new ForbiddenError(refusal);
  const users = await loadUsers(allMembers(roles));
  const roleUsers = new Map<string, RoleUser>(
    [...users.values()].map((u) => [
      u.id,
      {
        id: u.id,
        userType: u.userType,
        active: u.active,
        name: fullName(u),
        ...(u.externalUserType ? { externalUserType: u.externalUserType } : {}),
      },
    ]),
  );
  const problems = roleChangeProblems({
    before: input.before,
    after: roles,
    requested: input.requested,
    actor,
    users: roleUsers,
    model: {
      theorem: input.model.platform === 'Oncology',
      topSensitivity: input.model.classification === TOP_SENSITIVITY_CLASSIFICATION,
      platform: input.model.platform,
    },
    ...(input.carried ? { carried: input.carried } : {}),
  });
  return { roles, users, issues: problems.map((message) => ({ path: 'body.roles', message })) };
}

/** Add Model Entry and New Model Version refuse, before anything is read, callers who may not add entries. */
export function assertMayAddEntries(caller: User): void {
  if (canAddModel(caller.userType) !== 'allowed') {
    throw new ForbiddenError('You do not have permission to add model entries.');
  }
}

/**
 * The roles of a NEW entry (Add Model Entry and New Model Version; the caller passed
 * `assertMayAddEntries`): makes the creator an owner unless the request gives them the lead, steward or owner
 * role already (a lesser role they were given is dropped: roles exclude each other; a super user is
 * not made owner), then checks the set as `prepareRoles` does, with the new entry's platform and
 * classification. Modeler and display roles are refused on other platforms than WebModel 2.0, except
 * for the holders `carried` over from the source of a new version.
 */
export async function prepareNewEntryRoles(
  caller: User,
  requestedRoles: ModelRoles,
  metadata: Pick<ModelMetadata, 'platform' | 'information_classification'>,
  carried?: ModelRoles,
): Promise<{ roles: ModelRoles; users: Map<string, User>; issues: Issue[] }> {
  let requested = { ...requestedRoles };
  if (
    caller.userType !== 'SUPERUSER' &&
    requested.vestLead !== caller.id &&
    requested.steward !== caller.id &&
    !requested.owners.includes(caller.id)
  ) {
    requested = assignRole(requested, 'owners', caller.id);
  }
  return prepareRoles({
    caller,
    before: undefined,
    requested,
    model: {
      ...(metadata.platform ? { platform: metadata.platform } : {}),
      ...(metadata.information_classification ? { classification: metadata.information_classification } : {}),
    },
    ...(carried ? { carried } : {}),
  });
}

/** The steward fields of the metadata follow the Model Steward role (the server is authoritative). */
export function withStewardFields(metadata: ModelMetadata, steward: User | undefined): ModelMetadata {
  const {
    isid_of_model_steward: _i,
    email_for_model_steward: _e,
    name_of_model_steward: _n,
    ...rest
  } = metadata;
  return steward
    ? {
        ...rest,
        isid_of_model_steward: steward.id,
        email_for_model_steward: steward.email,
        name_of_model_steward: fullName(steward),
      }
    : rest;
}

/**
 * Problems of the metadata that the shared rules tell without the lineage: version format, values
 * outside the active option lists (values the entry already had stay valid after their option is
 * retired), name and suffix length.
 */
export function metadataIssues(
  metadata: ModelMetadata,
  options: MetadataOptionLists,
  previous?: ModelMetadata,
): Issue[] {
  const issues: Issue[] = [];
  const version = versionFormatProblem(metadata.version_release_of_model);
  // A missing version is reported by the required-field check ('... is missing').
  if (version && metadata.version_release_of_model) {
    issues.push({ path: 'body.metadata.version_release_of_model', message: version });
  }
  for (const p of invalidOptions(metadata, options)) {
    const before = previous?.[p.field];
    const had = Array.isArray(before) ? before.includes(p.value) : before === p.value;
    if (!had) issues.push({ path: `body.metadata.${p.field}`, message: p.message });
  }
  for (const message of nameProblems(metadata)) issues.push({ path: 'body.metadata.suffix', message });
  return issues;
}

export const publishIssuesAsIssues = (issues: readonly PublishIssue[], min: PublishIssue['severity']) =>
  issues
    .filter((i) => SEVERITIES.indexOf(i.severity) >= SEVERITIES.indexOf(min))
    .map((i) => ({ path: i.field ? `metadata.${i.field}` : 'body', message: i.message }));

/** Membership items: creator, lead, steward and owners ("my entries"). */
export function membershipsOf(roles: ModelRoles, createdBy: string, uuid: string): Map<string, Membership> {
  const map = new Map<string, Membership>();
  const add = (userId: string | undefined, role: MembershipRole) => {
    if (!userId) return;
    const m = map.get(userId) ?? { userId, modelUuid: uuid, roles: [] };
    if (!m.roles.includes(role)) m.roles.push(role);
    map.set(userId, m);
  };
  add(createdBy, 'CREATOR');
  add(roles.vestLead, 'VESTLEAD');
  add(roles.steward, 'STEWARD');
  for (const o of roles.owners) add(o, 'OWNER');
  return map;
}

/** Transaction items turning the `before` memberships into `after`. */
export function membershipChanges(
  before: ReadonlyMap<string, Membership>,
  after: ReadonlyMap<string, Membership>,
): LabeledTxItem[] {
  const items: LabeledTxItem[] = [];
  for (const [id, m] of after) {
    const old = before.get(id);
    if (!old || old.roles.join(',') !== m.roles.join(',')) items.push(membershipPut(m));
  }
  for (const [id, m] of before) if (!after.has(id)) items.push(membershipDelete(id, m.modelUuid));
  return items;
}

/**
 * Study-number auto-fill on the server (000 §5 "A study number fills related metadata from a known
 * study"): when a known study is chosen (on create, or changed on an update), its assigned metadata
 * fills the fields the client left empty. What the client sent is kept: the form fills from the study
 * as a starting point, and the user's later choices are what is saved and named (issue 9 item 10).
 */
export function withStudyMetadata(
  metadata: ModelMetadata,
  studies: ReadonlyMap<string, MetadataOption>,
  previous?: ModelMetadata,
): ModelMetadata {
  const studyNumber = metadata.study_number;
  if (!studyNumber || previous?.study_number === studyNumber) return metadata;
  const study = studies.get(studyNumber);
  return study?.metadata ? fillEmptyFromStudy(metadata, studyNumber, study.metadata) : metadata;
}
