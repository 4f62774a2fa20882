import { type RoleSlot, roleExistsOn, WEBMODEL_ONLY_ROLES } from '@shared/rules/model-roles';
import { VERSION_MESSAGES, versionLineageProblem } from '@shared/rules/model-version';
import {
  blocksCreate,
  blocksPublish,
  checkPublishIssues,
  type PublishIssue,
} from '@shared/rules/publish-checks';
import type { CallerFileNode } from '@shared/schemas/collaboration';
import type { ModelMetadata, ModelRoles } from '@shared/schemas/model';
import type { ModelDetail, UserSummary } from '@shared/schemas/model-api';
import type { NewVersionBody } from '@shared/schemas/versions-api';
import type { RoleFormState } from '../../../../components/ui/role-editor/role-state';
import type { MetadataErrors } from '../metadata-form/metadata-rules';
import { prefillFromModel } from '../wizard/model-upload-page';

/**
 * The New Model Version wizard's rules (000 §2 "Add New Model Version", §4 new-version statuses and
 * save order, §5 version rules). Pure, so that statuses, gating and the payload are tested without
 * rendering the wizard.
 */
export const NEW_VERSION_STEPS = ['Metadata', 'Select Files', 'Add File Types', 'Access'] as const;
export type NewVersionStep = 0 | 1 | 2 | 3;
export const LAST_STEP: NewVersionStep = 3;

/** 000 §4: "each step's status is completed or error". */
export type NewVersionStepStatus = 'completed' | 'error';

export const NEW_VERSION_TEXTS = {
  title: 'New Model Version',
  createdAndPublished: 'New Model Version created and Published',
  createdAsDraft: 'New Model Version created and saved as Draft',
  goBack: 'Go Back',
  externalTitle: 'External users on this model entry',
  external: (names: readonly string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'is an external user' : 'are external users'} and will have access to the new model version and its files. Do you want to continue?`,
  notReady: 'Complete the metadata and set the Value and Implementation Lead and the Model Steward first.',
  noFiles: 'This model entry has no files to carry over.',
  noFilesChosen: 'No file is carried over: the new version starts without files.',
} as const;

/** What the wizard holds, as far as the rules need it. */
export interface NewVersionSnapshot {
  metadata: ModelMetadata;
  /** Errors of the metadata form, the lineage version rule included (empty when valid). */
  metadataErrors: MetadataErrors;
  roles: ModelRoles;
  /** Files (not folders) chosen in 'Select Files'. */
  fileCount: number;
}

export const leadAndStewardSet = (roles: ModelRoles) => Boolean(roles.vestLead && roles.steward);

/** Metadata is completed when valid; Access when lead and steward are set; the others always (000 §4). */
export function stepStatus(step: NewVersionStep, s: NewVersionSnapshot): NewVersionStepStatus {
  if (step === 0) return Object.keys(s.metadataErrors).length === 0 ? 'completed' : 'error';
  if (step === 3) return leadAndStewardSet(s.roles) ? 'completed' : 'error';
  return 'completed';
}

/** 'Save & proceed' and the save buttons wait for valid metadata and both lead and steward (000 §4). */
export const readyToSave = (s: NewVersionSnapshot) =>
  stepStatus(0, s) === 'completed' && stepStatus(3, s) === 'completed';

/** The publish checks of the new entry: its parent is the source, so it is in a lineage. */
export function versionPublishIssues(s: NewVersionSnapshot, source: ModelDetail): PublishIssue[] {
  return checkPublishIssues({
    metadata: {
      ...s.metadata,
      tree_parent_id: source.uuid,
      tree_root_id: source.metadata.tree_root_id ?? source.uuid,
    },
    ...(s.roles.vestLead ? { vestLead: s.roles.vestLead } : {}),
    ...(s.roles.steward ? { steward: s.roles.steward } : {}),
    fileCount: s.fileCount,
    parentSelected: true,
    parentValid: true,
  });
}

/** Why a save button cannot act, or undefined when it can. */
export function saveBlock(s: NewVersionSnapshot, source: ModelDetail, publish: boolean): string | undefined {
  if (!readyToSave(s)) return NEW_VERSION_TEXTS.notReady;
  const issues = versionPublishIssues(s, source);
  const blocking = issues.find((i) => (publish ? blocksPublish([i]) : blocksCreate([i])));
  return blocking?.message;
}

/**
 * The version rules of the form (000 §5): the format and length of every version, and "greater than
 * the parent" when the new entry keeps the parent's scope (the same shared rule the server applies).
 */
export function versionProblem(metadata: ModelMetadata, source: ModelDetail): string | undefined {
  return versionLineageProblem({ metadata, parent: source.metadata });
}

/** 'Enter a version number greater than the parent version number {n}' (000 §5), when the parent has one. */
export const versionHint = (source: ModelDetail) =>
  source.metadata.version_release_of_model
    ? VERSION_MESSAGES.minimum(source.metadata.version_release_of_model)
    : undefined;

/**
 * The source's metadata the new version starts from: what describes the source itself (its version,
 * log, changelog, place in the lineage) is not copied. The suffix is: it names the variant ('DE
 * adaptation'), which the next version continues; the name collision dialog changes it.
 */
export function initialMetadata(source: ModelDetail): ModelMetadata {
  const { version_release_of_model: _v, ...rest } = prefillFromModel(source.metadata);
  const suffix = source.metadata.suffix;
  return suffix ? { ...rest, suffix } : rest;
}

/** The Access step starts with the source's roles, the creator an owner (the server adds them anyway). */
export function initialRoles(source: ModelDetail, me: UserSummary): RoleFormState {
  const roles = source.roles;
  const owners = roles.owners.includes(me.id) ? roles.owners : [...roles.owners, me.id];
  return {
    roles: { ...roles, owners },
    users: { ...source.users, [me.id]: source.users[me.id] ?? me },
  };
}

/**
 * The role blocks of the Access step: lead, steward, owners and viewers, and on WebModel 2.0 entries
 * the display users and the calibration and scenario modelers (000 §2 "Model roles", as the Model
 * Access dialog shows them), in that dialog's order.
 */
export function accessSlots(platform: string | undefined): RoleSlot[] {
  const webModelOnly: RoleSlot[] = ['displayViewers', 'calibrationModelers', 'scenarioModelers'];
  return [
    'vestLead',
    'steward',
    'owners',
    'viewers',
    ...webModelOnly.filter((slot) => roleExistsOn(slot, platform)),
  ];
}

/**
 * The roles as the new version can hold them: roles its platform does not have are left out (the
 * server refuses them with 'exists on WebModel 2.0 model entries only'). The wizard keeps what it
 * carried from the source, so that choosing WebModel 2.0 again brings them back.
 */
export function rolesOnPlatform(roles: ModelRoles, platform: string | undefined): ModelRoles {
  const kept = { ...roles };
  for (const role of WEBMODEL_ONLY_ROLES) if (!roleExistsOn(role, platform)) kept[role] = [];
  return kept;
}

/** Files the caller may carry over: the server copies only what the caller may read. */
export const mayCarry = (file: CallerFileNode) => file.callerAccess?.download !== false;

/** The source's files (folders are copied with the files below them), in the file manager's order. */
export const carriableFiles = (files: readonly CallerFileNode[]) =>
  files.filter((f) => !f.folder).sort((a, b) => a.path.localeCompare(b.path) || a.name.localeCompare(b.name));

/** Preselected in 'Select Files': every file the caller may carry over. */
export const defaultSelection = (files: readonly CallerFileNode[]) =>
  new Set(
    carriableFiles(files)
      .filter(mayCarry)
      .map((f) => f.uuid),
  );

/** A file's place in the entry, as the lists show it. */
export const filePath = (file: Pick<CallerFileNode, 'path' | 'name'>) =>
  file.path ? `${file.path}/${file.name}` : file.name;

/** Users in a role of the new version who are external (000 §4: the warning dialog comes first). */
export function externalHolders(state: RoleFormState): UserSummary[] {
  const r = state.roles;
  const ids = new Set([
    ...(r.vestLead ? [r.vestLead] : []),
    ...(r.steward ? [r.steward] : []),
    ...r.owners,
    ...r.viewers,
    ...r.displayViewers,
    ...r.calibrationModelers,
    ...r.scenarioModelers,
  ]);
  return [...ids].flatMap((id) => {
    const user = state.users[id];
    return user?.userType === 'EXTERNALUSER' ? [user] : [];
  });
}

/**
 * The new-version payload (000 §3): the chosen files, the types changed in 'Add File Types' (only for
 * chosen files), the metadata and the roles; publish for 'Save and Publish'.
 */
export function newVersionBody(input: {
  metadata: ModelMetadata;
  roles: ModelRoles;
  selected: ReadonlySet<string>;
  fileTypes: Readonly<Record<string, string>>;
  publish: boolean;
}): NewVersionBody {
  const modelItemUuids = [...input.selected];
  const fileTypes = Object.fromEntries(
    Object.entries(input.fileTypes).filter(([uuid]) => input.selected.has(uuid)),
  );
  const { changelog_file: changelog, ...metadata } = input.metadata;
  return {
    modelItemUuids,
    fileTypes,
    // The changelog is one of the carried files (the server points it at the copy), or none.
    metadata:
      changelog && input.selected.has(changelog) ? { ...metadata, changelog_file: changelog } : metadata,
    roles: input.roles,
    publish: input.publish,
  };
}
