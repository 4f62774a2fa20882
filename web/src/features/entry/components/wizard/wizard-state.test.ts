// @vitest-environment node
import { EMPTY_ROLES, type ModelMetadata } from '@shared/schemas/model';
import { describe, expect, it } from 'vitest';
import { fileListReducer, type WizardFile } from './file-list';
import {
  canProceed,
  canSaveDraft,
  canSavePublish,
  localPublishIssues,
  type StepIndex,
  stepStatus,
  type WizardSnapshot,
} from './wizard-state';

const complete: ModelMetadata = {
  therapeutic_area: 'Oncology',
  disease: 'Lung Cancer',
  product: ['Keytruda'],
  model_type: 'Cost-effectiveness',
  type: 'Global',
  global: 'true',
  information_classification: 'Proprietary',
  stage_of_model_development: 'Final',
  version_release_of_model: '1',
  isid_of_model_steward: 'stella',
  email_for_model_steward: 'stella@example.com',
  veap_id: { id: 'V-1' },
};

const uploadedFile = (): WizardFile[] => {
  let list = fileListReducer([], { type: 'add', files: [{ file: new File(['x'], 'model.xlsx'), path: '' }] });
  list = fileListReducer(list, { type: 'uploadStarted', ids: { 'model.xlsx': 'f1' } });
  return fileListReducer(list, { type: 'uploaded', key: 'model.xlsx' });
};

const snapshot = (over: Partial<WizardSnapshot> = {}): WizardSnapshot => ({
  files: uploadedFile(),
  metadata: complete,
  metadataErrorCount: 0,
  roles: { ...EMPTY_ROLES, vestLead: 'leo', steward: 'stella', owners: ['olivia', 'leo'] },
  lineage: 'new',
  nameCheck: { name: 'Oncology - Lung Cancer', unique: true, problems: [] },
  localNameProblems: [],
  visited: new Set<StepIndex>(),
  ...over,
});

describe('wizard step status', () => {
  it('is completed for every step of a complete entry', () => {
    const s = snapshot();
    expect([0, 1, 2, 3, 4].map((i) => stepStatus(i as StepIndex, s))).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('shows problems only once the user has left a step', () => {
    const fresh = snapshot({ files: [], metadataErrorCount: 2, roles: { ...EMPTY_ROLES } });
    expect(stepStatus(0, fresh)).toBe('default');
    expect(stepStatus(1, fresh)).toBe('default');
    expect(stepStatus(3, fresh)).toBe('default');
    const left = { ...fresh, visited: new Set<StepIndex>([0, 1, 3]) };
    expect(stepStatus(0, left)).toBe('warning');
    expect(stepStatus(1, left)).toBe('error');
    expect(stepStatus(3, left)).toBe('error');
  });

  it('warns on valid metadata without VEAP ID or REV/OPS ID', () => {
    const { veap_id: _v, ...noVeap } = complete;
    expect(stepStatus(1, snapshot({ metadata: noVeap }))).toBe('warning');
  });

  it('marks a failed upload and a taken name as errors', () => {
    const failed = fileListReducer(uploadedFile(), { type: 'failed', key: 'model.xlsx' });
    expect(stepStatus(0, snapshot({ files: failed }))).toBe('error');
    expect(stepStatus(4, snapshot({ nameCheck: { name: 'x', unique: false, problems: [] } }))).toBe('error');
    expect(stepStatus(4, snapshot({ nameCheck: undefined }))).toBe('default');
  });
});

describe('wizard buttons', () => {
  it('gates Save & proceed by the rules of the current step', () => {
    expect(canProceed(1, snapshot({ metadataErrorCount: 1 }))).toBe(false);
    expect(canProceed(1, snapshot())).toBe(true);
    expect(canProceed(2, snapshot())).toBe(true);
    expect(canProceed(3, snapshot({ roles: { ...EMPTY_ROLES, owners: ['olivia'], vestLead: 'leo' } }))).toBe(
      false,
    );
    expect(canProceed(3, snapshot())).toBe(true);
    const uploading = fileListReducer(uploadedFile(), { type: 'uploadStarted', ids: { 'model.xlsx': 'f2' } });
    expect(canProceed(0, snapshot({ files: uploading }))).toBe(false);
  });

  it('allows saving only when metadata, roles and name are all right', () => {
    expect(canSaveDraft(snapshot())).toBe(true);
    expect(canSavePublish(snapshot())).toBe(true);
    expect(canSaveDraft(snapshot({ metadataErrorCount: 1 }))).toBe(false);
    expect(canSaveDraft(snapshot({ roles: { ...EMPTY_ROLES, owners: ['olivia'], vestLead: 'leo' } }))).toBe(
      false,
    );
    expect(canSaveDraft(snapshot({ nameCheck: undefined }))).toBe(false);
    expect(canSaveDraft(snapshot({ nameCheck: { name: 'x', unique: false, problems: [] } }))).toBe(false);
    expect(
      canSaveDraft(
        snapshot({ localNameProblems: ['The suffix is too long, maximum length is 200 characters.'] }),
      ),
    ).toBe(false);
  });

  it('saves a draft without files but publishes only with one', () => {
    const s = snapshot({ files: [] });
    expect(canSaveDraft(s)).toBe(true);
    expect(canSavePublish(s)).toBe(false);
    expect(localPublishIssues(s).map((i) => [i.severity, i.message])).toContainEqual([
      'ERROR_PUBLISH',
      'Files is missing',
    ]);
  });

  it('treats a new lineage as connected', () => {
    expect(localPublishIssues(snapshot()).filter((i) => i.field === 'lineage')).toEqual([]);
  });
});
