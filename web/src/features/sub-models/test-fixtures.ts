import type { FileNode, ModelDetail } from '@shared/schemas/model-api';
import type { ModelInputView, SectionAccess, SubModelView } from '@shared/schemas/sub-models-api';
import type { CurrentUser } from '@shared/schemas/user';

/** Data of the sub-model web tests (no network: answers of stubbed fetches). */
export const MODEL_UUID = '11111111-1111-4111-8111-111111111111';

export function webModel(overrides: Partial<ModelDetail> = {}): ModelDetail {
  return {
    uuid: MODEL_UUID,
    name: 'Vaccines - HPV - Gardasil - Transmission - Global - Version: 1.0',
    status: 'PUBLISHED',
    metadata: {
      therapeutic_area: 'Vaccines',
      disease: 'HPV',
      platform: 'WebModel 2.0',
      python_environment: 'Python 3.11',
      model_execution_environment: 'WebModel runtime',
    },
    roles: {
      vestLead: 'leo',
      steward: 'stella',
      owners: ['olivia'],
      viewers: ['victor'],
      displayViewers: ['diana'],
      calibrationModelers: ['carl'],
      scenarioModelers: ['sam'],
    },
    users: {},
    createdBy: 'olivia',
    createdOn: '2025-01-02T10:00:00.000Z',
    modifiedOn: '2025-01-02T10:00:00.000Z',
    fileCount: 3,
    theorem: false,
    pneu: false,
    permissions: {
      view: 'allowed',
      preview: 'allowed',
      deleteDraft: 'disallowed',
      publish: 'disallowed',
      retire: 'allowed',
      downloadAll: 'allowed',
      edit: 'allowed',
      manageAccess: 'allowed',
      versionControl: 'allowed',
      newVersion: 'allowed',
      editLineage: 'allowed',
      seeHistory: 'allowed',
      folderView: 'allowed',
      share: 'allowed',
      requestAccess: 'disallowed',
    },
    rev: 1,
    ...overrides,
  };
}

export function user(id: string, userType: CurrentUser['userType'] = 'INTERNALUSER'): CurrentUser {
  return {
    id,
    firstName: id,
    lastName: 'Tester',
    email: `${id}@example.com`,
    userType,
    permissions: {
      createModel: true,
      externalizationTabEnabled: false,
      activateUser: false,
      deactivateUser: false,
      enrollUser: false,
      changeUserRole: false,
    },
  };
}

const allowedPermissions = { edit: 'allowed', delete: 'allowed', addInstance: 'allowed' } as const;

export function subModel(overrides: Partial<SubModelView> = {}): SubModelView {
  return {
    id: 'sm-1',
    modelUuid: MODEL_UUID,
    type: 'scenario',
    name: 'Base case',
    environment: 'Python 3.11',
    executionModels: ['f-py'],
    timeoutSeconds: 1800,
    outputPathDir: 'results/base',
    createdBy: 'olivia',
    createdOn: '2025-02-01T09:00:00.000Z',
    modifiedOn: '2025-02-03T09:30:00.000Z',
    definitionType: 'JSONTEMPLATE',
    version: 1,
    permissions: { ...allowedPermissions },
    ...overrides,
  };
}

export const fullAccess: SectionAccess = {
  sections: { scenario: 'allowed', calibration: 'allowed', display: 'allowed' },
  add: { scenario: 'allowed', calibration: 'allowed', display: 'allowed' },
};

export function file(name: string, overrides: Partial<FileNode> = {}): FileNode {
  return {
    uuid: `f-${name}`,
    name,
    path: '',
    folder: false,
    mainFile: false,
    owner: { id: 'olivia', firstName: 'Olivia', lastName: 'Owner' },
    isPrivate: false,
    cdd: 'No',
    createdOn: '2025-01-02T10:00:00.000Z',
    updatedOn: '2025-01-02T10:00:00.000Z',
    updatedBy: 'olivia',
    ...overrides,
  };
}

export function input(overrides: Partial<ModelInputView> = {}): ModelInputView {
  return {
    id: 'in-1',
    subModelId: 'sm-1',
    type: 'JSONTEMPLATE',
    name: 'default',
    value: JSON.stringify({ definitions: [] }),
    createdOn: '2025-02-01T09:00:00.000Z',
    modifiedOn: '2025-02-01T09:00:00.000Z',
    valid: true,
    issues: [],
    ...overrides,
  };
}
