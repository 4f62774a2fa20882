import type {
  FileNode,
  ModelCard,
  ModelDetail,
  ModelPermissions,
  ModelSummary,
  UserSummary,
} from '@shared/schemas/model-api';

/**
 * Builders of the catalogue's records for the models feature's web tests. Only test files import
 * this module; fetch stubs, the test configuration and the query-client wrapper are in `web/src/testing`.
 */
export const UUID_A = '11111111-1111-4111-8111-111111111111';
export const UUID_B = '22222222-2222-4222-8222-222222222222';
export const UUID_C = '33333333-3333-4333-8333-333333333333';

export const allPermissions = (outcome: 'allowed' | 'disallowed' | 'forbidden'): ModelPermissions => ({
  view: outcome,
  preview: outcome,
  deleteDraft: outcome,
  publish: outcome,
  retire: outcome,
  downloadAll: outcome,
  edit: outcome,
  manageAccess: outcome,
  versionControl: outcome,
  newVersion: outcome,
  editLineage: outcome,
  seeHistory: outcome,
  folderView: outcome,
  share: outcome,
  requestAccess: outcome,
});

export const summary = (over: Partial<ModelSummary> = {}): ModelSummary => ({
  uuid: UUID_A,
  name: 'Oncology - Lung cancer - Keytruda - CEM - Global - Version: 1.0',
  status: 'PUBLISHED',
  modelType: 'CEM',
  therapeuticArea: 'Oncology',
  disease: 'Lung cancer',
  product: ['Keytruda'],
  platform: 'Model Repository',
  informationClassification: 'Proprietary',
  version: '1.0',
  creator: { id: 'leo', name: 'Leo Lead' },
  createdOn: '2024-03-05T10:00:00.000Z',
  previewOnly: false,
  ...over,
});

export const card = (over: Partial<ModelCard> = {}): ModelCard => ({
  ...summary(),
  country: [],
  global: 'true',
  kind: 'Global',
  restricted: false,
  ...over,
});

export const detail = (over: Partial<ModelDetail> = {}): ModelDetail => ({
  uuid: UUID_A,
  name: 'Oncology - Lung cancer - Keytruda - CEM - Global - Version: 1.0',
  status: 'DRAFT',
  metadata: { information_classification: 'Proprietary', platform: 'Model Repository' },
  roles: {
    vestLead: 'leo',
    steward: 'stella',
    owners: ['olivia'],
    viewers: ['victor'],
    displayViewers: [],
    calibrationModelers: [],
    scenarioModelers: [],
  },
  users: {},
  createdBy: 'leo',
  createdOn: '2024-03-05T10:00:00.000Z',
  modifiedOn: '2024-03-05T10:00:00.000Z',
  fileCount: 1,
  theorem: false,
  pneu: false,
  permissions: allPermissions('allowed'),
  rev: 3,
  ...over,
});

export const file = (over: Partial<FileNode> = {}): FileNode => ({
  uuid: '44444444-4444-4444-8444-444444444444',
  name: 'model.xlsx',
  path: '',
  folder: false,
  mainFile: true,
  owner: { id: 'leo', firstName: 'Leo', lastName: 'Lead' },
  isPrivate: false,
  cdd: 'No',
  createdOn: '2024-03-05T10:00:00.000Z',
  updatedOn: '2024-03-05T10:00:00.000Z',
  updatedBy: 'leo',
  ...over,
});

/** An internal user with the e-mail '<id>@example.com'. */
export const person = (id: string, firstName: string, lastName: string): UserSummary => ({
  id,
  firstName,
  lastName,
  email: `${id}@example.com`,
  userType: 'INTERNALUSER',
});
