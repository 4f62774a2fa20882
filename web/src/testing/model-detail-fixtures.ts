import type { MetadataOptionListsResponse } from '@shared/schemas/metadata-option';
import { EMPTY_ROLES } from '@shared/schemas/model';
import type { ModelDetail, ModelPermissions, UserSummary } from '@shared/schemas/model-api';

/**
 * Shared test data of the detail, wizard and access tests (no network: fetch is stubbed with
 * `routeFetch` of `web/src/testing/fetch-stubs`).
 */
export const users: Record<string, UserSummary> = {
  olivia: {
    id: 'olivia',
    firstName: 'Olivia',
    lastName: 'Owner',
    email: 'olivia@example.com',
    userType: 'INTERNALUSER',
  },
  leo: { id: 'leo', firstName: 'Leo', lastName: 'Lead', email: 'leo@example.com', userType: 'INTERNALUSER' },
  stella: {
    id: 'stella',
    firstName: 'Stella',
    lastName: 'Steward',
    email: 'stella@example.com',
    userType: 'INTERNALUSER',
  },
  victor: {
    id: 'victor',
    firstName: 'Victor',
    lastName: 'Viewer',
    email: 'victor@example.com',
    userType: 'INTERNALUSER',
  },
  mona: {
    id: 'mona',
    firstName: 'Mona',
    lastName: 'Modeler',
    email: 'mona@example.com',
    userType: 'INTERNALUSER',
  },
  xavier: {
    id: 'xavier',
    firstName: 'Xavier',
    lastName: 'Vendor',
    email: 'xavier@vendor.test',
    userType: 'EXTERNALUSER',
  },
};

export const allowedPermissions: ModelPermissions = {
  view: 'allowed',
  preview: 'allowed',
  deleteDraft: 'allowed',
  publish: 'allowed',
  retire: 'forbidden',
  downloadAll: 'allowed',
  edit: 'allowed',
  manageAccess: 'allowed',
  versionControl: 'allowed',
  newVersion: 'allowed',
  editLineage: 'allowed',
  seeHistory: 'allowed',
  folderView: 'allowed',
  share: 'forbidden',
  requestAccess: 'disallowed',
};

export function model(overrides: Partial<ModelDetail> = {}): ModelDetail {
  return {
    uuid: '11111111-1111-4111-8111-111111111111',
    name: 'Oncology - Lung Cancer - Keytruda - Cost-effectiveness - Global - Version: 1.0',
    status: 'DRAFT',
    metadata: {
      therapeutic_area: 'Oncology',
      disease: 'Lung Cancer',
      product: ['Keytruda'],
      model_type: 'Cost-effectiveness',
      type: 'Global',
      global: 'true',
      information_classification: 'Proprietary',
      stage_of_model_development: 'Final',
      version_release_of_model: '1',
      platform: 'Model Repository',
      isid_of_model_steward: 'stella',
      email_for_model_steward: 'stella@example.com',
    },
    roles: {
      ...EMPTY_ROLES,
      vestLead: 'leo',
      steward: 'stella',
      owners: ['olivia', 'leo'],
      viewers: ['victor'],
    },
    users,
    createdBy: 'olivia',
    createdOn: '2025-01-02T10:00:00.000Z',
    modifiedOn: '2025-01-02T10:00:00.000Z',
    fileCount: 1,
    theorem: false,
    pneu: false,
    permissions: allowedPermissions,
    rev: 3,
    ...overrides,
  };
}

const opt = (type: string, value: string, metadata?: object) => ({
  type,
  value,
  retired: false,
  usage: 0,
  ...(metadata ? { metadata } : {}),
});

export const optionLists = {
  therapeutic_area: [opt('therapeutic_area', 'Oncology'), opt('therapeutic_area', 'Vaccines')],
  disease: [opt('disease', 'Lung Cancer'), opt('disease', 'Pneumonia')],
  product: [opt('product', 'Keytruda'), opt('product', 'Gardasil')],
  study_number: [
    opt('study_number', 'KN-042', {
      disease: 'Lung Cancer',
      product: ['Keytruda'],
      therapeutic_area: 'Oncology',
      model_type: 'Cost-effectiveness',
    }),
  ],
  country: [opt('country', 'Germany'), opt('country', 'France')],
  model_type: [opt('model_type', 'Cost-effectiveness'), opt('model_type', 'Budget impact')],
  stage_of_model_development: [opt('stage_of_model_development', 'Final')],
  file_tag: [opt('file_tag', 'Model'), opt('file_tag', 'Report')],
  mathematica_environment: [],
  python_environment: [],
} as unknown as MetadataOptionListsResponse;
