import { EXECUTED_STATUSES } from '@shared/executions/outdate-after-file-change';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRecord } from '../../data/models';
import type { SubModelRecord } from '../../data/sub-models';
import { entryRecord } from '../../testing/entries';
import { person, rolesOf } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const subModels = vi.hoisted(() => ({ listSubModels: vi.fn() }));
const instances = vi.hoisted(() => ({ outdateInstances: vi.fn() }));

vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/sub-models', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...subModels,
}));
vi.mock('../../data/instances-outdate', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...instances,
}));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { outdateAfterFileChange } = await import('./outdate-instances');

const UUID = '22222222-2222-4222-8222-222222222222';
const roles = rolesOf({ viewers: ['viewer'], calibrationModelers: ['calibrator'] });

const entry = (overrides: Partial<ModelRecord> = {}): ModelRecord =>
  entryRecord({
    uuid: UUID,
    name: 'Web model',
    nameKey: 'web model',
    metadata: { platform: 'WebModel 2.0', global: 'true' } as ModelRecord['metadata'],
    roles,
    fileCount: 3,
    ...overrides,
  });

const subModel = (id: string, type: SubModelRecord['type'], name = id): SubModelRecord => ({
  id,
  modelUuid: UUID,
  type,
  name,
  environment: 'Python',
  executionModels: ['f-main'],
  timeoutSeconds: 600,
  outputPathDir: 'out',
  definitionType: 'JSONTEMPLATE',
  version: 1,
  createdBy: 'lead',
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
});

const NOW = new Date('2026-02-01T00:00:00.000Z');

beforeEach(() => {
  vi.resetAllMocks();
  models.getModel.mockResolvedValue(entry());
  subModels.listSubModels.mockResolvedValue([
    subModel('CAL', 'calibration'),
    subModel('SCN', 'scenario'),
    subModel('DSP', 'display', 'Charts'),
  ]);
  instances.outdateInstances.mockImplementation(async (_uuid: string, id: string) => (id === 'CAL' ? 2 : 1));
});

describe('outdateAfterFileChange (001 §4 Outdated, 000 §2 Files step 2)', () => {
  it('outdates only the executed instances of each named sub-model and answers the counts', async () => {
    await expect(
      outdateAfterFileChange(person('owner'), UUID, { subModelIds: ['CAL', 'SCN'] }, NOW),
    ).resolves.toEqual({
      outdated: 3,
      subModels: [
        { id: 'CAL', outdated: 2 },
        { id: 'SCN', outdated: 1 },
      ],
    });
    expect(instances.outdateInstances.mock.calls).toEqual([
      [UUID, 'CAL', NOW, EXECUTED_STATUSES],
      [UUID, 'SCN', NOW, EXECUTED_STATUSES],
    ]);
    expect(EXECUTED_STATUSES).not.toContain('DRAFT');
  });

  it('refuses a published entry with 409 and writes nothing', async () => {
    models.getModel.mockResolvedValue(entry({ status: 'PUBLISHED' }));
    await expect(
      outdateAfterFileChange(person('owner'), UUID, { subModelIds: ['CAL'] }, NOW),
    ).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Instances are marked outdated after a file change only on an unpublished (draft) model entry.',
    });
    expect(instances.outdateInstances).not.toHaveBeenCalled();
  });

  it('refuses a retired entry with 409 and writes nothing', async () => {
    models.getModel.mockResolvedValue(entry({ status: 'RETIRED' }));
    await expect(
      outdateAfterFileChange(person('owner'), UUID, { subModelIds: ['CAL'] }, NOW),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(instances.outdateInstances).not.toHaveBeenCalled();
  });

  it('refuses callers who may not change the files (403) and hides the entry from strangers (404)', async () => {
    for (const who of [person('viewer'), person('calibrator')]) {
      await expect(outdateAfterFileChange(who, UUID, { subModelIds: ['CAL'] }, NOW)).rejects.toMatchObject({
        statusCode: 403,
      });
    }
    await expect(
      outdateAfterFileChange(person('stranger'), UUID, { subModelIds: ['CAL'] }, NOW),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(instances.outdateInstances).not.toHaveBeenCalled();
  });

  it('lets a super user and every manager outdate', async () => {
    for (const who of [person('admin', 'SUPERUSER'), person('lead'), person('steward'), person('owner')]) {
      await expect(outdateAfterFileChange(who, UUID, { subModelIds: ['SCN'] }, NOW)).resolves.toMatchObject({
        outdated: 1,
      });
    }
  });

  it('refuses unknown and display sub-models with 422 naming each, before writing anything', async () => {
    await expect(
      outdateAfterFileChange(person('owner'), UUID, { subModelIds: ['CAL', 'NOPE', 'DSP'] }, NOW),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: [
        { path: 'body.subModelIds.1', message: 'Sub-model NOPE is not a sub-model of this model entry.' },
        {
          path: 'body.subModelIds.2',
          message:
            'Charts is a display sub-model: only calibration and scenario sub-models are marked outdated after a file change.',
        },
      ],
    });
    expect(instances.outdateInstances).not.toHaveBeenCalled();
  });
});
