import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import type { GroupRecord } from '../../data/scenario-groups';
import type { InputRecord, SubModelRecord } from '../../data/sub-models';
import type { LabeledTxItem } from '../../data/transactions';
import { entryRecord } from '../../testing/entries';
import { person, rolesOf } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const subModels = vi.hoisted(() => ({
  listSubModels: vi.fn(),
  getSubModel: vi.fn(),
  updateSubModel: vi.fn(),
  deleteSubModelItem: vi.fn(),
  removeSubModelLink: vi.fn(),
  listInputs: vi.fn(),
  getInput: vi.fn(),
  createInput: vi.fn(),
  updateInput: vi.fn(),
  deleteInputs: vi.fn(),
  subModelOwnedKeys: vi.fn(),
  deleteKeys: vi.fn(),
}));
const files = vi.hoisted(() => ({ listModelFiles: vi.fn() }));
const instances = vi.hoisted(() => ({
  listInstanceRefs: vi.fn(),
  outdateInstances: vi.fn(),
  deleteInstances: vi.fn(),
}));
const groups = vi.hoisted(() => ({
  listGroups: vi.fn(),
  findGroup: vi.fn(),
  createGroup: vi.fn(),
  updateGroup: vi.fn(),
  deleteGroup: vi.fn(),
}));
const expertise = vi.hoisted(() => ({ getExpertise: vi.fn(), putExpertise: vi.fn() }));

vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../data/sub-models', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...subModels,
}));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/instances-outdate', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...instances,
}));
vi.mock('../../data/scenario-groups', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...groups,
}));
vi.mock('../../data/expertise', () => expertise);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { createSubModel } = await import('./create-sub-model');
const { updateSubModelOf } = await import('./update-sub-model');
const { deleteSubModelOf } = await import('./delete-sub-model');
const { listSubModelsOf } = await import('./list-sub-models');
const { outdateSubModel } = await import('./outdate-sub-model');
const { listInputsOf, updateInputOf, createInputOf } = await import('./inputs');
const { importDefinition } = await import('./import-definition');
const { createGroupOf, updateGroupOf, listGroupsOf } = await import('./groups');
const { listHelpFiles } = await import('./help-files');
const { putUserExpertise, getUserExpertise } = await import('../models/user-expertise');

const UUID = '22222222-2222-4222-8222-222222222222';
const as = {
  admin: person('admin', 'SUPERUSER'),
  lead: person('lead'),
  steward: person('steward'),
  owner: person('owner'),
  viewer: person('viewer'),
  calibrator: person('calibrator'),
  scenarist: person('scenarist'),
  displayer: person('displayer', 'EXTERNALUSER'),
  stranger: person('stranger'),
};
const roles = rolesOf({
  viewers: ['viewer'],
  displayViewers: ['displayer'],
  calibrationModelers: ['calibrator'],
  scenarioModelers: ['scenarist'],
});

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

const file = (uuid: string, name: string, extra: Partial<ModelFileRecord> = {}): ModelFileRecord =>
  ({
    uuid,
    name,
    path: '',
    folder: false,
    mainFile: false,
    owner: { id: 'lead', name: 'Lead' },
    cdd: 'No',
    isPrivate: false,
    modelUuid: UUID,
    s3Key: `models/${UUID}/files/${uuid}`,
    userAccess: [],
    ...extra,
  }) as ModelFileRecord;
const FILES = [
  file('f-main', 'model.xlsx', { mainFile: true }),
  file('f-py', 'helper.py'),
  file('f-help', 'guide.pdf', { fileTag: 'HelpFile' }),
  file('f-secret', 'secret-help.pdf', { fileTag: 'HelpFile', cdd: 'Yes' }),
];

function subModel(overrides: Partial<SubModelRecord> = {}): SubModelRecord {
  return {
    id: 'SM1',
    modelUuid: UUID,
    type: 'scenario',
    name: 'Base case',
    environment: 'Excel 365',
    executionModels: ['f-main'],
    timeoutSeconds: 600,
    outputPathDir: 'out/results',
    definitionType: 'JSONTEMPLATE',
    version: 2,
    createdBy: 'lead',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function input(overrides: Partial<InputRecord> = {}): InputRecord {
  return {
    id: 'IN1',
    subModelId: 'SM1',
    modelUuid: UUID,
    type: 'JSONTEMPLATE',
    name: 'default',
    value: '{"definitions":[]}',
    createdBy: 'lead',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const payload = (overrides: Record<string, unknown> = {}) => ({
  type: 'scenario' as const,
  name: 'Base case',
  environment: 'Excel 365',
  executionModels: ['f-main'],
  timeoutSeconds: 600,
  outputPathDir: 'out/results',
  definitionType: 'JSONTEMPLATE' as const,
  ...overrides,
});

/** The entity of each item of the last transaction ('SubModel', 'ModelInput'...). */
const lastTransaction = () =>
  ((transactions.runTransaction.mock.calls.at(-1)?.[0] ?? []) as LabeledTxItem[]).map(
    (i) => i.item.Put?.Item ?? i.item.Delete?.Key ?? i.item.ConditionCheck?.Key,
  );

beforeEach(() => {
  vi.clearAllMocks();
  models.getModel.mockResolvedValue(entry());
  transactions.runTransaction.mockResolvedValue(undefined);
  subModels.listSubModels.mockResolvedValue([]);
  subModels.getSubModel.mockResolvedValue(subModel());
  subModels.listInputs.mockResolvedValue([input()]);
  subModels.getInput.mockResolvedValue(input());
  subModels.subModelOwnedKeys.mockResolvedValue([]);
  files.listModelFiles.mockResolvedValue(FILES);
  instances.listInstanceRefs.mockResolvedValue([]);
  instances.outdateInstances.mockResolvedValue(2);
  groups.listGroups.mockResolvedValue([]);
});

describe('sub-models: authorization by persona and section (spec 001 §6)', () => {
  it('answers each persona the sections it sees and the sub-model actions it may take', async () => {
    subModels.listSubModels.mockResolvedValue([
      subModel({ id: 'S', type: 'scenario', name: 'b scenario' }),
      subModel({ id: 'C', type: 'calibration', name: 'a calibration' }),
      subModel({ id: 'D', type: 'display', name: 'c display' }),
    ]);
    const table = Object.fromEntries(
      await Promise.all(
        (['admin', 'lead', 'owner', 'viewer', 'calibrator', 'scenarist', 'displayer'] as const).map(
          async (p) => {
            const list = await listSubModelsOf(as[p], UUID, undefined);
            const byType = Object.fromEntries(list.items.map((i) => [i.type, i.permissions]));
            return [p, { sections: list.access.sections, add: list.access.add, byType }];
          },
        ),
      ),
    );
    expect(table.scenarist.sections).toEqual({
      scenario: 'allowed',
      calibration: 'disallowed',
      display: 'allowed',
    });
    expect(table.displayer.sections).toEqual({
      scenario: 'allowed',
      calibration: 'disallowed',
      display: 'allowed',
    });
    expect(table.displayer.add).toEqual({
      scenario: 'disallowed',
      calibration: 'disallowed',
      display: 'disallowed',
    });
    expect(table.calibrator.sections.calibration).toBe('allowed');
    expect(table.viewer.byType.scenario).toEqual({
      edit: 'disallowed',
      delete: 'disallowed',
      addInstance: 'allowed',
    });
    expect(table.owner.byType.scenario).toEqual({
      edit: 'allowed',
      delete: 'allowed',
      addInstance: 'allowed',
    });
    expect(table.lead.byType.display).toMatchObject({ edit: 'disallowed', delete: 'disallowed' });
    expect(table.admin.byType.calibration).toEqual({
      edit: 'allowed',
      delete: 'allowed',
      addInstance: 'allowed',
    });
    // Sorted by name within the sections the caller sees.
    expect((await listSubModelsOf(as.admin, UUID, undefined)).items.map((i) => i.id)).toEqual([
      'C',
      'S',
      'D',
    ]);
    expect((await listSubModelsOf(as.scenarist, UUID, undefined)).items.map((i) => i.id)).toEqual(['S', 'D']);
  });

  it('refuses a section the caller does not see (403) and hides the entry from strangers (404)', async () => {
    await expect(listSubModelsOf(as.scenarist, UUID, 'calibration')).rejects.toMatchObject({
      statusCode: 403,
      message: SUB_MODEL_API_MESSAGES.sectionDenied,
    });
    await expect(listSubModelsOf(as.stranger, UUID, 'scenario')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses the whole list (403) to an internal user who previews a published entry without a role', async () => {
    models.getModel.mockResolvedValue(entry({ status: 'PUBLISHED' }));
    subModels.listSubModels.mockResolvedValue([subModel({ id: 'S' })]);
    await expect(listSubModelsOf(as.stranger, UUID, undefined)).rejects.toMatchObject({
      statusCode: 403,
      message: SUB_MODEL_API_MESSAGES.sectionDenied,
    });
    expect((await listSubModelsOf(as.displayer, UUID, undefined)).items.map((i) => i.id)).toEqual(['S']);
  });

  it('refuses entries of other platforms with 400', async () => {
    models.getModel.mockResolvedValue(entry({ metadata: { global: 'true' } as ModelRecord['metadata'] }));
    await expect(listSubModelsOf(as.lead, UUID, 'scenario')).rejects.toMatchObject({
      statusCode: 400,
      message: SUB_MODEL_API_MESSAGES.onlyWebModel,
    });
  });

  it('shows a retired entry read-only: writes are forbidden in the view and 409 when tried', async () => {
    models.getModel.mockResolvedValue(entry({ status: 'RETIRED' }));
    subModels.listSubModels.mockResolvedValue([subModel()]);
    const list = await listSubModelsOf(as.owner, UUID, 'scenario');
    expect(list.items[0]?.permissions.edit).toBe('forbidden');
    await expect(createSubModel(as.owner, UUID, payload())).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('createSubModel', () => {
  it('writes the sub-model (version 1) and its default input of the definition type in one transaction', async () => {
    const view = await createSubModel(as.owner, UUID, payload());
    const [sub, firstInput] = lastTransaction();
    expect(sub).toMatchObject({
      entity: 'SubModel',
      type: 'scenario',
      version: 1,
      definitionType: 'JSONTEMPLATE',
    });
    expect(firstInput).toMatchObject({
      entity: 'ModelInput',
      name: 'default',
      type: 'JSONTEMPLATE',
      value: '{"definitions":[]}',
      subModelId: view.id,
    });
    expect(view.permissions).toEqual({ edit: 'allowed', delete: 'allowed', addInstance: 'allowed' });
  });

  it('gives a JSON definition the empty object', async () => {
    await createSubModel(as.owner, UUID, payload({ definitionType: 'JSON' }));
    expect(lastTransaction()[1]).toMatchObject({ type: 'JSON', value: '{}' });
  });

  it.each([
    ['a display viewer', 'displayer', 'scenario'],
    ['a scenario modeler in calibration', 'scenarist', 'calibration'],
    ['a display viewer in the display section', 'displayer', 'display'],
  ] as const)('refuses %s (403) and writes nothing', async (_what, who, type) => {
    await expect(createSubModel(as[who], UUID, payload({ type }))).rejects.toMatchObject({ statusCode: 403 });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('refuses execution files that are no files of the entry or that its language cannot run (422)', async () => {
    await expect(
      createSubModel(as.owner, UUID, payload({ executionModels: ['nope', 'f-py'] })),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: [
        { path: 'body.executionModels.0', message: SUB_MODEL_API_MESSAGES.executionFileUnknown('nope') },
        {
          path: 'body.executionModels.1',
          message: SUB_MODEL_API_MESSAGES.executionFileLanguage('helper.py', 'Excel'),
        },
      ],
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('offers Python files when the entry has a Python environment', async () => {
    models.getModel.mockResolvedValue(
      entry({
        metadata: { platform: 'WebModel 2.0', python_environment: 'py311' } as ModelRecord['metadata'],
      }),
    );
    await createSubModel(as.owner, UUID, payload({ executionModels: ['f-py'] }));
    expect(transactions.runTransaction).toHaveBeenCalled();
  });

  it('refuses a scenario modeler a link to a calibration sub-model (403, before the id is looked up)', async () => {
    subModels.listSubModels.mockResolvedValue([subModel({ id: 'CAL', type: 'calibration' })]);
    for (const executionSetupId of ['CAL', 'NO-SUCH-ID'])
      await expect(createSubModel(as.scenarist, UUID, payload({ executionSetupId }))).rejects.toMatchObject({
        statusCode: 403,
        message: SUB_MODEL_API_MESSAGES.calibrationSectionDenied,
      });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
    await createSubModel(as.scenarist, UUID, payload());
    expect(transactions.runTransaction).toHaveBeenCalledTimes(1);
  });

  it('links only a calibration sub-model as calibration and a display sub-model as display (422)', async () => {
    subModels.listSubModels.mockResolvedValue([
      subModel({ id: 'CAL', type: 'calibration' }),
      subModel({ id: 'DIS', type: 'display' }),
    ]);
    await createSubModel(
      as.owner,
      UUID,
      payload({ executionSetupId: 'CAL', displayExecutionSetupId: 'DIS' }),
    );
    expect(lastTransaction()[0]).toMatchObject({ executionSetupId: 'CAL', displayExecutionSetupId: 'DIS' });
    await expect(
      createSubModel(as.owner, UUID, payload({ executionSetupId: 'DIS', displayExecutionSetupId: 'CAL' })),
    ).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe('updateSubModelOf', () => {
  it('keeps the definition type: a changed one is 422 and nothing is written', async () => {
    await expect(
      updateSubModelOf(as.owner, UUID, 'SM1', payload({ definitionType: 'JSON' })),
    ).rejects.toMatchObject({ statusCode: 422, message: 'Definition Type value is invalid' });
    expect(subModels.updateSubModel).not.toHaveBeenCalled();
  });

  it('keeps the section: a changed type is 422', async () => {
    await expect(
      updateSubModelOf(as.owner, UUID, 'SM1', payload({ type: 'calibration' })),
    ).rejects.toMatchObject({
      statusCode: 422,
    });
    expect(subModels.updateSubModel).not.toHaveBeenCalled();
  });

  it('writes the next version conditional on the one read, and outdates instances when asked', async () => {
    const view = await updateSubModelOf(as.steward, UUID, 'SM1', {
      ...payload({ name: 'Renamed' }),
      outdateInstances: true,
    });
    expect(subModels.updateSubModel).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Renamed',
        version: 3,
        definitionType: 'JSONTEMPLATE',
        modifiedBy: 'steward',
      }),
      2,
    );
    expect(instances.outdateInstances).toHaveBeenCalledWith(UUID, 'SM1', expect.any(Date));
    expect(view.version).toBe(3);
  });

  it("does not outdate on 'Proceed without outdating'", async () => {
    await updateSubModelOf(as.owner, UUID, 'SM1', { ...payload(), outdateInstances: false });
    expect(instances.outdateInstances).not.toHaveBeenCalled();
  });

  it('refuses viewers and every edit of a display sub-model (403)', async () => {
    await expect(updateSubModelOf(as.viewer, UUID, 'SM1', payload())).rejects.toMatchObject({
      statusCode: 403,
    });
    subModels.getSubModel.mockResolvedValue(subModel({ type: 'display' }));
    await expect(updateSubModelOf(as.admin, UUID, 'SM1', payload({ type: 'display' }))).rejects.toMatchObject(
      {
        statusCode: 403,
      },
    );
  });

  it('answers 404 for an unknown sub-model', async () => {
    subModels.getSubModel.mockResolvedValue(undefined);
    await expect(updateSubModelOf(as.owner, UUID, 'X', payload())).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('outdate and delete', () => {
  it('outdates for those who may edit and answers the count', async () => {
    await expect(outdateSubModel(as.owner, UUID, 'SM1')).resolves.toEqual({ outdated: 2 });
    await expect(outdateSubModel(as.viewer, UUID, 'SM1')).rejects.toMatchObject({ statusCode: 403 });
  });

  it('refuses to delete while an instance runs (409) and deletes nothing', async () => {
    instances.listInstanceRefs.mockResolvedValue([
      { id: 'i1', name: 'A', status: 'INPROCESS', executionSetupId: 'SM1', outdated: false },
    ]);
    await expect(deleteSubModelOf(as.owner, UUID, 'SM1')).rejects.toMatchObject({
      statusCode: 409,
      message: SUB_MODEL_API_MESSAGES.running,
    });
    expect(subModels.deleteSubModelItem).not.toHaveBeenCalled();
  });

  it('deletes the sub-model, then its inputs, groups, instances and the links to it', async () => {
    const refs = [{ id: 'i1', name: 'A', status: 'COMPLETED', executionSetupId: 'SM1', outdated: false }];
    instances.listInstanceRefs.mockResolvedValue(refs);
    const owned = [{ pk: `SUBMODELS#${UUID}`, sk: 'INPUT#SM1#IN1' }];
    subModels.subModelOwnedKeys.mockResolvedValue(owned);
    subModels.listSubModels.mockResolvedValue([subModel({ id: 'SC2', executionSetupId: 'SM1' })]);
    subModels.getSubModel.mockResolvedValue(subModel({ type: 'calibration' }));
    await deleteSubModelOf(as.owner, UUID, 'SM1');
    expect(subModels.deleteSubModelItem).toHaveBeenCalledWith(UUID, 'SM1', 2);
    expect(subModels.deleteKeys).toHaveBeenCalledWith(owned);
    expect(instances.deleteInstances).toHaveBeenCalledWith(UUID, refs);
    expect(subModels.removeSubModelLink).toHaveBeenCalledWith(UUID, 'SC2', 'executionSetupId', 'SM1');
  });
});

describe('input definitions', () => {
  const badTemplate = JSON.stringify({
    definitions: [
      { id: 'p1', name: '1abc', title: 'T', question: 'Q', type: 'INTEGER', min: 5, max: 1, defaultValue: 3 },
    ],
  });

  it("saves an invalid template anyway and answers valid: false with its issues ('Do you want to save it anyway?')", async () => {
    const saved = await updateInputOf(as.owner, UUID, 'SM1', 'IN1', { value: badTemplate });
    expect(subModels.updateInput).toHaveBeenCalledWith(
      expect.objectContaining({ value: badTemplate }),
      '2026-01-01T00:00:00.000Z',
    );
    expect(saved.valid).toBe(false);
    expect(saved.issues.map((i) => i.message)).toContain(SUB_MODEL_MESSAGES.variableNameStart);
  });

  it('refuses text that is not JSON (422) and a value above 350 KB (413), writing nothing', async () => {
    await expect(updateInputOf(as.owner, UUID, 'SM1', 'IN1', { value: '{oops' })).rejects.toMatchObject({
      statusCode: 422,
      message: SUB_MODEL_MESSAGES.invalidDataStructure,
    });
    const big = JSON.stringify({ definitions: [], pad: 'x'.repeat(360 * 1024) });
    await expect(updateInputOf(as.owner, UUID, 'SM1', 'IN1', { value: big })).rejects.toMatchObject({
      statusCode: 413,
    });
    expect(subModels.updateInput).not.toHaveBeenCalled();
  });

  it('lets only those who may edit the sub-model change definitions; viewers may read them', async () => {
    await expect(updateInputOf(as.viewer, UUID, 'SM1', 'IN1', { value: '{}' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(listInputsOf(as.viewer, UUID, 'SM1')).resolves.toMatchObject({
      items: [{ id: 'IN1', valid: true }],
    });
  });

  it('creates one empty JSON input when a sub-model has none (§4)', async () => {
    subModels.listInputs.mockResolvedValue([]);
    const list = await listInputsOf(as.owner, UUID, 'SM1');
    expect(subModels.createInput).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'JSON', value: '{}', name: 'default' }),
    );
    expect(list.items).toHaveLength(1);
  });

  it('keeps the two newest inputs and deletes the others (§4)', async () => {
    subModels.listInputs.mockResolvedValue([
      input({ id: 'OLD', modifiedOn: '2026-01-01T00:00:00.000Z' }),
      input({ id: 'NEW', modifiedOn: '2026-03-01T00:00:00.000Z' }),
      input({ id: 'MID', modifiedOn: '2026-02-01T00:00:00.000Z' }),
    ]);
    const list = await listInputsOf(as.owner, UUID, 'SM1');
    expect(subModels.deleteInputs).toHaveBeenCalledWith(UUID, 'SM1', ['OLD']);
    expect(list.items.map((i) => i.id)).toEqual(['NEW', 'MID']);
  });

  it("creates an input named 'default' with the type's empty value", async () => {
    const created = await createInputOf(as.owner, UUID, 'SM1', { type: 'JSON' });
    expect(created).toMatchObject({ name: 'default', type: 'JSON', value: '{}', valid: true });
  });
});

describe('definition import', () => {
  it.each([
    ['def.txt', 'JSONTEMPLATE', 400, SUB_MODEL_MESSAGES.unsupportedFileExtension],
    ['def.xml', 'JSON', 400, SUB_MODEL_MESSAGES.unsupportedInputDefinitionType],
  ] as const)(
    'refuses %s for a %s definition (%i) and writes nothing',
    async (fileName, type, status, message) => {
      subModels.getInput.mockResolvedValue(input({ type }));
      await expect(
        importDefinition(as.owner, UUID, 'SM1', { fileName, content: '<definitions/>', inputId: 'IN1' }),
      ).rejects.toMatchObject({ statusCode: status, message });
      expect(subModels.updateInput).not.toHaveBeenCalled();
    },
  );

  it("refuses a template file that is not a list: 422 'Invalid data structure'", async () => {
    await expect(
      importDefinition(as.owner, UUID, 'SM1', { fileName: 'def.json', content: '{"definitions": []}' }),
    ).rejects.toMatchObject({ statusCode: 422, message: SUB_MODEL_MESSAGES.invalidDataStructure });
    expect(subModels.updateInput).not.toHaveBeenCalled();
  });

  it('replaces the definition input of the sub-model with the formatted XML parameters', async () => {
    const xml = `<definitions><parameter id="p1" name="age" type="INTEGER" expertise="Expert">
      <title>"Age"</title><question>Age?</question><min>0</min><max>100</max><defaultValue>40</defaultValue>
    </parameter></definitions>`;
    const saved = await importDefinition(as.owner, UUID, 'SM1', { fileName: 'def.XML', content: xml });
    expect(saved.valid).toBe(true);
    expect(JSON.parse(saved.value)).toEqual({
      definitions: [
        {
          type: 'INTEGER',
          id: 'p1',
          name: 'age',
          title: 'Age',
          question: 'Age?',
          expertiseLevel: 1000,
          min: 0,
          max: 100,
          defaultValue: 40,
        },
      ],
    });
    expect(subModels.updateInput).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'IN1' }),
      expect.any(String),
    );
  });

  it("stores a JSON import that breaks an editor rule, answered valid: false ('null' defaults are dropped)", async () => {
    const content = JSON.stringify([
      {
        id: 'p1',
        name: 'rate',
        title: 'Rate',
        question: 'Rate?',
        type: 'DECIMAL',
        min: '0',
        max: '1',
        defaultValue: 'null',
      },
    ]);
    const saved = await importDefinition(as.owner, UUID, 'SM1', { fileName: 'def.json', content });
    expect(saved.valid).toBe(false);
    expect(JSON.parse(saved.value).definitions[0]).not.toHaveProperty('defaultValue');
  });
});

describe('groups', () => {
  const group = (overrides: Partial<GroupRecord> = {}): GroupRecord => ({
    id: 'G1',
    modelUuid: UUID,
    executionSetupId: 'SM1',
    name: 'Arm A',
    scenarioIds: [],
    createdBy: 'viewer',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  });

  it("refuses a name taken in the sub-model whatever the case: 409 'Name is not unique'", async () => {
    groups.listGroups.mockResolvedValue([group({ name: 'Arm A' })]);
    await expect(
      createGroupOf(as.viewer, UUID, { executionSetupId: 'SM1', name: 'ARM a', scenarioIds: [] }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Name is not unique' });
    expect(groups.createGroup).not.toHaveBeenCalled();
  });

  it('lets a group keep its own name in another case', async () => {
    groups.findGroup.mockResolvedValue(group());
    groups.listGroups.mockResolvedValue([group()]);
    await expect(updateGroupOf(as.viewer, UUID, 'G1', { name: 'ARM A' })).resolves.toMatchObject({
      name: 'ARM A',
    });
  });

  it('takes only instances of the same sub-model (422), each once', async () => {
    instances.listInstanceRefs.mockResolvedValue([
      { id: 'i1', name: 'A', status: 'DRAFT', executionSetupId: 'SM1', outdated: false },
    ]);
    await expect(
      createGroupOf(as.viewer, UUID, { executionSetupId: 'SM1', name: 'G', scenarioIds: ['i1', 'other'] }),
    ).rejects.toMatchObject({ statusCode: 422, message: SUB_MODEL_API_MESSAGES.scenarioUnknown('other') });
    const made = await createGroupOf(as.viewer, UUID, {
      executionSetupId: 'SM1',
      name: 'G',
      scenarioIds: ['i1', 'i1'],
    });
    expect(made.scenarioIds).toEqual(['i1']);
  });

  it('has no groups for display sub-models (422) and none for display viewers to change (403)', async () => {
    subModels.getSubModel.mockResolvedValue(subModel({ type: 'display' }));
    await expect(
      createGroupOf(as.owner, UUID, { executionSetupId: 'SM1', name: 'G', scenarioIds: [] }),
    ).rejects.toMatchObject({ statusCode: 422 });
    subModels.getSubModel.mockResolvedValue(subModel());
    await expect(
      createGroupOf(as.displayer, UUID, { executionSetupId: 'SM1', name: 'G', scenarioIds: [] }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('lists only the groups of sub-models whose instances the caller sees, by name', async () => {
    subModels.listSubModels.mockResolvedValue([subModel(), subModel({ id: 'CAL', type: 'calibration' })]);
    groups.listGroups.mockResolvedValue([
      group({ id: 'g2', name: 'b' }),
      group({ id: 'g3', name: 'cal', executionSetupId: 'CAL' }),
      group({ id: 'g1', name: 'A' }),
    ]);
    expect((await listGroupsOf(as.scenarist, UUID, undefined)).items.map((g) => g.id)).toEqual(['g1', 'g2']);
    expect((await listGroupsOf(as.calibrator, UUID, undefined)).items.map((g) => g.id)).toEqual([
      'g1',
      'g2',
      'g3',
    ]);
  });
});

describe('help files', () => {
  it('lists the HelpFile files the caller may read, by name', async () => {
    models.getModel.mockResolvedValue(
      entry({ metadata: { platform: 'WebModel 2.0' } as ModelRecord['metadata'] }),
    );
    expect((await listHelpFiles(as.admin, UUID)).items).toEqual([
      { uuid: 'f-help', name: 'guide.pdf' },
      { uuid: 'f-secret', name: 'secret-help.pdf' },
    ]);
    // A confidential (cdd 'Yes') file of a non-global entry needs file access.
    expect((await listHelpFiles(as.viewer, UUID)).items).toEqual([{ uuid: 'f-help', name: 'guide.pdf' }]);
  });
});

describe('User Settings: sub-model access (000 §2, 001 §6)', () => {
  const settings = (subModelIdList: string[]) => ({
    userId: 'scenarist',
    expertiseTypeLevel: 750 as const,
    subModelIdList,
  });

  beforeEach(() => {
    subModels.listSubModels.mockResolvedValue([
      subModel({ id: 'SC', type: 'scenario' }),
      subModel({ id: 'CA', type: 'calibration' }),
      subModel({ id: 'DI', type: 'display' }),
    ]);
  });

  it("stores a list of the entry's scenario sub-models, each once", async () => {
    await expect(
      putUserExpertise(as.owner, UUID, 'scenarist', settings(['SC', 'SC'])),
    ).resolves.toMatchObject({
      subModelIdList: ['SC'],
    });
    expect(expertise.putExpertise).toHaveBeenCalledWith(
      UUID,
      expect.objectContaining({ subModelIdList: ['SC'] }),
    );
  });

  it('refuses unknown and display sub-model ids (422) and writes nothing', async () => {
    await expect(
      putUserExpertise(as.owner, UUID, 'scenarist', settings(['nope', 'DI'])),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: [
        { path: 'body.subModelIdList.0', message: SUB_MODEL_API_MESSAGES.subModelIdUnknown('nope') },
        { path: 'body.subModelIdList.1', message: SUB_MODEL_API_MESSAGES.subModelIdUnknown('DI') },
      ],
    });
    expect(expertise.putExpertise).not.toHaveBeenCalled();
  });

  it("refuses a calibration sub-model for a scenario modeler with the spec's message", async () => {
    await expect(putUserExpertise(as.owner, UUID, 'scenarist', settings(['CA']))).rejects.toMatchObject({
      statusCode: 422,
      message: SUB_MODEL_MESSAGES.subModelAccessDenied,
    });
  });

  it('leaves sub-models deleted since out of the settings it answers', async () => {
    expertise.getExpertise.mockResolvedValue({
      ...settings(['SC', 'GONE']),
      modifiedOn: '',
      modifiedBy: 'owner',
    });
    await expect(getUserExpertise(as.owner, UUID, 'scenarist')).resolves.toMatchObject({
      subModelIdList: ['SC'],
    });
  });
});
