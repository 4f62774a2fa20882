import type { InstanceResult, RunRecordView } from '@shared/schemas/execution-api';
import type { InstanceListPage, InstanceSummary } from '@shared/schemas/instance-api';
import type { ModelRoles } from '@shared/schemas/model';
import type { ModelDetail } from '@shared/schemas/model-api';
import type { GroupView, ModelInputView, SubModelView } from '@shared/schemas/sub-models-api';
import type { CurrentUser } from '@shared/schemas/user';
import { sampleTemplate } from '@shared/sub-models/sample-template';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { currentUserQueryKey } from '../../../lib/current-user';
import type { Workspace } from '../../../lib/workspace';
import { type Route as FetchRoute, json, on } from '../../../testing/fetch-stubs';
import type { InstanceDetailView } from './instances-api';

/**
 * Builders of the instance screens' records and a render wrapper for their web tests. Only test
 * files import this module.
 */
export const UUID = '11111111-1111-4111-8111-111111111111';
export const SUB_MODEL_ID = '01SUBMODEL';
export const INPUT_ID = '01INPUT';

export const me: CurrentUser = {
  id: 'owner',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'olivia@example.com',
  userType: 'INTERNALUSER',
  permissions: {
    createModel: true,
    externalizationTabEnabled: false,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
  },
};

export const subModel = (over: Partial<SubModelView> = {}): SubModelView => ({
  id: SUB_MODEL_ID,
  modelUuid: UUID,
  type: 'scenario',
  name: 'Base case',
  environment: 'Python 3.11',
  executionModels: ['file-1'],
  timeoutSeconds: 600,
  outputPathDir: 'out',
  createdBy: 'owner',
  createdOn: '2025-01-02T10:00:00.000Z',
  modifiedOn: '2025-01-02T10:00:00.000Z',
  definitionType: 'JSONTEMPLATE',
  version: 1,
  permissions: { edit: 'allowed', delete: 'allowed', addInstance: 'allowed' },
  ...over,
});

export const templateInput = (over: Partial<ModelInputView> = {}): ModelInputView => ({
  id: INPUT_ID,
  subModelId: SUB_MODEL_ID,
  type: 'JSONTEMPLATE',
  name: 'default',
  value: JSON.stringify(sampleTemplate()),
  createdOn: '2025-01-02T10:00:00.000Z',
  modifiedOn: '2025-01-02T10:00:00.000Z',
  valid: true,
  issues: [],
  ...over,
});

export const summary = (over: Partial<InstanceSummary> = {}): InstanceSummary => ({
  id: '01INSTANCE1',
  name: 'Scenario one',
  status: 'DRAFT',
  createdBy: 'owner',
  createdByName: 'Olivia Owner',
  createdOn: '2025-03-04T10:00:00.000Z',
  modifiedOn: '2025-03-04T10:00:00.000Z',
  shared: false,
  outdated: false,
  hidden: false,
  type: 'scenario',
  executionSetupId: SUB_MODEL_ID,
  userAccess: 'CREATOR',
  ...over,
});

export const detail = (over: Partial<InstanceDetailView> = {}): InstanceDetailView => ({
  ...summary(),
  input: { modelInputId: INPUT_ID, value: '{}' },
  permissions: { edit: 'allowed', clone: 'allowed', delete: 'allowed', share: 'allowed' },
  sharedWith: [],
  displayScenarios: undefined,
  ...over,
});

export const listPage = (
  items: InstanceSummary[],
  over: Partial<InstanceListPage> = {},
): InstanceListPage => ({
  items,
  total: items.length,
  facets: {
    status: [...new Set(items.map((i) => i.status))],
    name: items.map((i) => i.name),
    createdBy: [
      ...new Map(items.map((i) => [i.createdBy, { id: i.createdBy, name: i.createdByName }])).values(),
    ],
  },
  ...over,
});

export const group = (over: Partial<GroupView> = {}): GroupView => ({
  id: '01GROUP1',
  name: 'Arm A',
  executionSetupId: SUB_MODEL_ID,
  scenarioIds: [],
  modelUuid: UUID,
  createdBy: 'owner',
  createdOn: '2025-01-02T10:00:00.000Z',
  modifiedOn: '2025-01-02T10:00:00.000Z',
  ...over,
});

/** A SHA-256 made of one repeated hex digit ('a' → 'aaaa…'), easy to tell apart in assertions. */
export const sha = (digit: string) => digit.repeat(64);

/** The latest run's result of an instance (a COMPLETED visualization run unless overridden). */
export const runResult = (over: Partial<InstanceResult> = {}): InstanceResult => ({
  instanceId: '01I',
  status: 'COMPLETED',
  runId: '01RUN',
  groupId: '01GROUP',
  finishedOn: '2025-03-05T10:02:00.000Z',
  result: { kind: 'visualization', result: { elements: [] } },
  files: [{ path: 'result.json', bytes: 120, sha256: sha('e') }],
  notes: [],
  logs: { stdout: { text: 'ICER 21000\n', droppedBytes: 0 }, stderr: { text: '', droppedBytes: 0 } },
  ...over,
});

/** The reproducibility record of a run (GET …/record). */
export const recordView = (over: Partial<RunRecordView> = {}): RunRecordView => ({
  runId: '01RUN',
  groupId: '01GROUP',
  instanceId: '01I',
  modelUuid: UUID,
  status: 'COMPLETED',
  language: 'Python',
  subModel: { id: SUB_MODEL_ID, name: 'Base case', version: 3 },
  ranBy: { id: 'owner', name: 'Olivia Owner' },
  requestedOn: '2025-03-05T10:00:00.000Z',
  record: {
    language: 'Python',
    entry: 'model/run.py',
    runtime: { version: 'Python 3.11.2', packages: { numpy: '1.24.2', pandas: '1.5.3' } },
    runnerImage: 'mr-runner-python:2025.03',
    modelFiles: [{ path: 'model/run.py', bytes: 2048, sha256: sha('a') }],
    parameterFiles: [{ path: 'rates/rates.csv', bytes: 300, sha256: sha('b') }],
    inputSha256: sha('c'),
    resultSha256: sha('d'),
    exitCode: 0,
    signal: null,
    startedOn: '2025-03-05T10:00:05.000Z',
    finishedOn: '2025-03-05T10:01:17.500Z',
    durationMs: 72_500,
  },
  inputFingerprint: sha('f'),
  sameInputRuns: 1,
  distinctResults: 1,
  nonDeterministic: false,
  ...over,
});

/** The entry as the workspace holds it: only its roles matter to the instance screens. */
export const entryWithRoles = (roles: Partial<ModelRoles> = {}): ModelDetail =>
  ({
    uuid: UUID,
    name: 'Demo model',
    roles: {
      vestLead: 'lead',
      owners: ['owner'],
      viewers: [],
      displayViewers: [],
      calibrationModelers: [],
      scenarioModelers: [],
      ...roles,
    },
  }) as unknown as ModelDetail;

export const workspace = (over: Partial<Workspace> = {}): Workspace => ({
  modelUuid: UUID,
  model: undefined,
  section: 'scenario',
  subModel: subModel(),
  instanceId: undefined,
  instance: undefined,
  selectInstance: () => undefined,
  selectSubModel: () => undefined,
  ...over,
});

/** A query client with the signed-in user loaded, as the signed-in layout leaves it. */
export function testQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQueryKey, me);
  return client;
}

/** Renders `element` at `path` (matching `pattern`) inside the workspace outlet, signed in as {@link me}. */
export function inWorkspace(
  element: ReactNode,
  {
    path,
    pattern,
    context = workspace(),
    client = testQueryClient(),
  }: { path: string; pattern: string; context?: Workspace; client?: QueryClient },
) {
  // A data router, as the app's: pages may block navigation (useLeaveGuard).
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={context} />,
        children: [
          { path: pattern, element },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/**
 * The routes of a scenario sub-model (SUB_MODEL_ID) linked to the calibration sub-model 'Survival
 * fit' (01CAL), whose accepted instances are `accepted`: what the calibration picker reads (issue 21
 * §1; 001 §7 "List for calibration selection").
 */
export function linkedScenarioRoutes(accepted: { id: string; name: string }[]): FetchRoute[] {
  return [
    on('GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}`, () =>
      json(200, subModel({ type: 'scenario', executionSetupId: '01CAL' })),
    ),
    on('GET', `/models/${UUID}/sub-models/01CAL`, () =>
      json(200, subModel({ id: '01CAL', type: 'calibration', name: 'Survival fit' })),
    ),
    on('GET', `/models/${UUID}/instances`, (url) =>
      url.searchParams.get('executionSetupId') === '01CAL' && url.searchParams.get('status') === 'ACCEPTED'
        ? json(200, listPage(accepted.map((a) => summary({ ...a, status: 'ACCEPTED', type: 'calibration' }))))
        : json(400, { message: 'unexpected list query' }),
    ),
  ];
}
