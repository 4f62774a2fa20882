import type { ModelMetadata } from '../schemas/model';
import { METADATA_LABELS, missingMessage, missingRequiredFields } from './model-metadata';

/**
 * Publish issues (000 §4-5). Severities are ordered: issues at or above ERROR_PUBLISH block
 * publishing; ERROR_CREATE also blocks the confirm step of creation.
 */
export const SEVERITIES = ['OK', 'WARNING', 'ERROR_PUBLISH', 'ERROR_CREATE'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface PublishIssue {
  severity: Exclude<Severity, 'OK'>;
  message: string;
  field?: string;
}

export const PUBLISH_MESSAGES = {
  invalidParent: 'Selected parent model is not valid.',
  notConnected: 'Model is not connected yet',
} as const;

export interface PublishCheckInput {
  metadata: ModelMetadata;
  vestLead?: string;
  steward?: string;
  fileCount: number;
  /** The user chose "link under a parent" in the lineage step. */
  parentSelected: boolean;
  /** The chosen parent exists, is visible and is not retired/deleted; undefined when none chosen. */
  parentValid?: boolean;
}

const rank = (s: Severity) => SEVERITIES.indexOf(s);

export function checkPublishIssues(input: PublishCheckInput): PublishIssue[] {
  const issues: PublishIssue[] = [];
  const { metadata } = input;
  if (input.parentSelected && input.parentValid === false) {
    issues.push({
      severity: 'ERROR_CREATE',
      message: PUBLISH_MESSAGES.invalidParent,
      field: 'tree_parent_id',
    });
  }
  if (input.parentSelected && !metadata.tree_parent_id) {
    issues.push({
      severity: 'ERROR_CREATE',
      message: missingMessage('Parent Model'),
      field: 'tree_parent_id',
    });
  }
  for (const field of missingRequiredFields(metadata)) {
    issues.push({
      severity: 'ERROR_CREATE',
      message: missingMessage(METADATA_LABELS[field] ?? field),
      field,
    });
  }
  if (!input.steward)
    issues.push({
      severity: 'ERROR_CREATE',
      message: missingMessage('Model Steward'),
      field: 'modelSteward',
    });
  if (!input.vestLead) {
    issues.push({
      severity: 'ERROR_CREATE',
      message: missingMessage('Value and Implementation Lead'),
      field: 'vestLead',
    });
  }
  if (input.fileCount < 1)
    issues.push({ severity: 'ERROR_PUBLISH', message: missingMessage('Files'), field: 'files' });
  if (!metadata.tree_root_id && !input.parentSelected) {
    issues.push({ severity: 'ERROR_PUBLISH', message: PUBLISH_MESSAGES.notConnected, field: 'lineage' });
  }
  if (!metadata.version_log)
    issues.push({ severity: 'WARNING', message: missingMessage('Version Log'), field: 'version_log' });
  if (!metadata.changelog_file) {
    issues.push({ severity: 'WARNING', message: missingMessage('Changelog File'), field: 'changelog_file' });
  }
  if (!metadata.veap_id?.id)
    issues.push({ severity: 'WARNING', message: missingMessage('VEAP ID'), field: 'veap_id' });
  return issues;
}

export function highestSeverity(issues: readonly PublishIssue[]): Severity {
  return issues.reduce<Severity>((max, i) => (rank(i.severity) > rank(max) ? i.severity : max), 'OK');
}

export const blocksPublish = (issues: readonly PublishIssue[]) =>
  rank(highestSeverity(issues)) >= rank('ERROR_PUBLISH');
export const blocksCreate = (issues: readonly PublishIssue[]) => highestSeverity(issues) === 'ERROR_CREATE';
