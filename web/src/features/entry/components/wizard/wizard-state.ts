import {
  blocksCreate,
  blocksPublish,
  checkPublishIssues,
  type PublishIssue,
} from '@shared/rules/publish-checks';
import type { ModelMetadata, ModelRoles } from '@shared/schemas/model';
import type { NameCheckResult } from '@shared/schemas/model-api';
import { missingRoles } from '../../../../components/ui/role-editor/role-state';
import { veapRecommendation } from '../metadata-form/metadata-rules';
import { allUploaded, hasFailedUpload, isUploading, type WizardFile } from './file-list';

/**
 * Step statuses and button gating of the add-entry wizard (000 §2, §4). Pure, so that the rules are
 * tested without rendering the wizard.
 */
export const WIZARD_STEPS = [
  'Upload Files',
  'Metadata',
  'Lineage',
  'Owners and Viewers',
  'Confirm Name',
] as const;
export type StepIndex = 0 | 1 | 2 | 3 | 4;
export type StepStatus = 'completed' | 'warning' | 'error' | 'default';

export interface WizardSnapshot {
  files: readonly WizardFile[];
  metadata: ModelMetadata;
  /** Errors of the metadata form (empty when valid). */
  metadataErrorCount: number;
  roles: ModelRoles;
  lineage: 'new';
  nameCheck?: NameCheckResult;
  /** Name problems known without the server (suffix and name length). */
  localNameProblems: readonly string[];
  visited: ReadonlySet<StepIndex>;
}

export function stepStatus(step: StepIndex, s: WizardSnapshot): StepStatus {
  const visited = s.visited.has(step);
  switch (step) {
    case 0:
      if (hasFailedUpload(s.files)) return 'error';
      if (s.files.length === 0) return visited ? 'warning' : 'default';
      return 'completed';
    case 1:
      if (s.metadataErrorCount > 0) return visited ? 'error' : 'default';
      return veapRecommendation(s.metadata) ? 'warning' : 'completed';
    case 2:
      return 'completed';
    case 3:
      if (Object.keys(missingRoles(s.roles)).length > 0) return visited ? 'error' : 'default';
      return 'completed';
    case 4:
      if (s.localNameProblems.length > 0 || (s.nameCheck && !nameAccepted(s.nameCheck))) return 'error';
      return s.nameCheck ? 'completed' : 'default';
  }
}

export const nameAccepted = (check: NameCheckResult) => check.unique && check.problems.length === 0;

/** May the user leave `step` with 'Save & proceed'? */
export function canProceed(step: StepIndex, s: WizardSnapshot): boolean {
  switch (step) {
    case 0:
      return !isUploading(s.files);
    case 1:
      return s.metadataErrorCount === 0;
    case 2:
      return true;
    case 3:
      return Object.keys(missingRoles(s.roles)).length === 0;
    case 4:
      return false;
  }
}

/** Local publish issues (shared/rules/publish-checks.ts); a new lineage makes the entry its own root. */
export function localPublishIssues(s: WizardSnapshot): PublishIssue[] {
  return checkPublishIssues({
    metadata:
      s.lineage === 'new' ? { ...s.metadata, tree_root_id: s.metadata.tree_root_id ?? 'self' } : s.metadata,
    vestLead: s.roles.vestLead,
    steward: s.roles.steward,
    fileCount: s.files.length,
    parentSelected: false,
  });
}

function readyToSave(s: WizardSnapshot): boolean {
  return (
    s.metadataErrorCount === 0 &&
    Object.keys(missingRoles(s.roles)).length === 0 &&
    s.localNameProblems.length === 0 &&
    !!s.nameCheck &&
    nameAccepted(s.nameCheck) &&
    !isUploading(s.files) &&
    !hasFailedUpload(s.files) &&
    !blocksCreate(localPublishIssues(s))
  );
}

export const canSaveDraft = (s: WizardSnapshot) => readyToSave(s);

/** Publishing also needs a file and no issue at or above ERROR_PUBLISH. */
export const canSavePublish = (s: WizardSnapshot) =>
  readyToSave(s) && s.files.length > 0 && !blocksPublish(localPublishIssues(s));

/** Files that still need a (new) presigned upload before saving. */
export const needsUpload = (files: readonly WizardFile[]) => files.length > 0 && !allUploaded(files);
