import type { ExternalUser } from '@shared/schemas/external-user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRecord } from '../../data/models';
import type { LabeledTxItem } from '../../data/transactions';
import { rolesOf } from '../../testing/people';

/**
 * Approval writes the code's grants and the person's new status in ONE transaction (issue 20 §2): a
 * failure anywhere leaves nothing half-written. DynamoDB's TransactWrite is all or nothing, so the
 * proof is that every write goes into that one call and none happens beside it.
 */
const store = vi.hoisted(() => ({
  users: new Map<string, ExternalUser>(),
  models: new Map<string, ModelRecord>(),
  transactions: [] as LabeledTxItem[][],
  failNext: [] as Error[],
}));
const tx = vi.hoisted(() => ({
  runTransaction: vi.fn(async (items: readonly LabeledTxItem[]) => {
    store.transactions.push([...items]);
    const failure = store.failNext.shift();
    if (failure) throw failure;
  }),
}));
const sideWrites = vi.hoisted(() => ({ putExpertise: vi.fn(), putUser: vi.fn() }));

vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));
vi.mock('../../data/transactions', async (original) => ({
  ...(await original<object>()),
  runTransaction: tx.runTransaction,
}));
vi.mock('../../data/external-users', async (original) => ({
  ...(await original<object>()),
  getExternalUser: async (email: string) => store.users.get(email),
}));
vi.mock('../../data/models', async (original) => ({
  ...(await original<object>()),
  getModel: async (uuid: string) => store.models.get(uuid),
}));
vi.mock('../../data/expertise', async (original) => ({
  ...(await original<object>()),
  getExpertise: async () => undefined,
  putExpertise: sideWrites.putExpertise,
}));
vi.mock('../../data/sub-models', () => ({
  listSubModels: async () => [
    { id: 'calib-1', type: 'calibration' },
    { id: 'scen-1', type: 'scenario' },
  ],
}));
vi.mock('../../data/users', () => ({ getUser: async () => undefined, putUser: sideWrites.putUser }));

const { approveExternalUser } = await import('./external-user-lifecycle');
const { ConditionFailedError } = await import('../../data/transactions');

const NOW = new Date('2026-11-01T10:00:00.000Z');
const EMAIL = 'vera@vendor.test';
const REPO = '11111111-1111-4111-8111-111111111111';
const WEB = '22222222-2222-4222-8222-222222222222';

function model(uuid: string, platform: 'Model Repository' | 'WebModel 2.0', rev = 1): ModelRecord {
  return {
    uuid,
    name: `Model ${uuid}`,
    nameKey: `k-${uuid}`,
    metaKey: `m-${uuid}`,
    status: 'PUBLISHED',
    metadata: {
      therapeutic_area: 'Oncology',
      disease: 'Melanoma',
      product: ['Tumivex'],
      model_type: 'Markov Cohort Model',
      type: 'Country Adaptation',
      version_release_of_model: '1',
      information_classification: 'Public',
      platform,
      global: 'false',
    },
    roles: rolesOf(),
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 0,
    theorem: false,
    pneu: false,
    rev,
  } as ModelRecord;
}

function pending(): ExternalUser {
  return {
    email: EMAIL,
    firstName: 'Vera',
    lastName: 'Vendor',
    externalUserType: 'VENDOR',
    purchaseOrderId: '4711',
    status: 'PENDING_REVIEW',
    modelAccesses: [
      { modelUuid: REPO, modelName: 'Model repo', modelRole: 'VIEWER', subModelIds: [] },
      { modelUuid: WEB, modelName: 'Model web', modelRole: 'SCENARIOMODELER', subModelIds: ['scen-1'] },
    ],
    accessEndsOn: '2027-11-01',
    registeredBy: 'owner',
    createdOn: '2026-10-01T00:00:00.000Z',
    modifiedOn: '2026-10-01T00:00:00.000Z',
    version: 3,
  } as ExternalUser;
}

const keysOf = (items: readonly LabeledTxItem[]) =>
  items.map((i) => {
    const item = (i.item.Put?.Item ?? i.item.Update?.Key ?? i.item.Delete?.Key) as { pk: string; sk: string };
    return `${item.pk} ${item.sk}`;
  });

beforeEach(() => {
  vi.clearAllMocks();
  store.transactions = [];
  store.failNext = [];
  store.users = new Map([[EMAIL, pending()]]);
  store.models = new Map([
    [REPO, model(REPO, 'Model Repository')],
    [WEB, model(WEB, 'WebModel 2.0')],
  ]);
});

describe('approveExternalUser: grants and status in one transaction', () => {
  it("writes both entries' roles, the sub-models, the audit records and the ACTIVE status together", async () => {
    const approved = await approveExternalUser(EMAIL, { actor: 'admin', userId: 'ext-vera' }, NOW);
    expect(approved.status).toBe('ACTIVE');
    expect(store.transactions).toHaveLength(1);
    const keys = keysOf(store.transactions[0] ?? []);
    expect(keys).toEqual(
      expect.arrayContaining([
        `MODEL#${REPO} META`,
        `MODEL#${WEB} META`,
        `MODEL#${WEB} EXPERTISE#ext-vera`,
        `EXTUSER#${EMAIL} PROFILE`,
      ]),
    );
    expect(keys.filter((k) => k.startsWith('AUDIT#'))).toHaveLength(2);
    expect(keys.filter((k) => k.startsWith('ADMINAUDIT '))).toHaveLength(1);
    // Nothing is written beside the transaction.
    expect(sideWrites.putExpertise).not.toHaveBeenCalled();
    expect(sideWrites.putUser).not.toHaveBeenCalled();
  });

  it('leaves nothing half-written when the write fails midway: the one transaction is all there was', async () => {
    store.failNext.push(new Error('injected: the table failed after the first entry'));
    await expect(approveExternalUser(EMAIL, { actor: 'admin', userId: 'ext-vera' }, NOW)).rejects.toThrow(
      'injected',
    );
    expect(store.transactions).toHaveLength(1);
    expect(sideWrites.putExpertise).not.toHaveBeenCalled();
    expect(sideWrites.putUser).not.toHaveBeenCalled();
    expect(store.users.get(EMAIL)?.status).toBe('PENDING_REVIEW');
  });

  it('plans again on a fresh read when an entry was saved meanwhile (its revision condition failed)', async () => {
    store.failNext.push(new ConditionFailedError('The model entry was changed by someone else.', [0]));
    const transactions = store.transactions;
    const getModelAfterFailure = () => {
      store.models.set(REPO, model(REPO, 'Model Repository', 2));
    };
    tx.runTransaction.mockImplementationOnce(async (items: readonly LabeledTxItem[]) => {
      transactions.push([...items]);
      getModelAfterFailure();
      throw store.failNext.shift();
    });
    await approveExternalUser(EMAIL, { actor: 'admin', userId: 'ext-vera' }, NOW);
    expect(store.transactions).toHaveLength(2);
    const repoPut = (store.transactions[1] ?? []).find(
      (i) => (i.item.Put?.Item as { pk?: string })?.pk === `MODEL#${REPO}`,
    );
    expect(repoPut?.item.Put?.ExpressionAttributeValues).toMatchObject({ ':rev': 2 });
  });
});
