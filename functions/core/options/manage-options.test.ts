import { OPTION_TEXTS } from '@shared/rules/metadata-options';
import type { MetadataOption } from '@shared/schemas/metadata-option';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';

const options = vi.hoisted(() => ({
  listMetadataOptions: vi.fn(),
  getMetadataOption: vi.fn(),
  newOptionPut: vi.fn((o: unknown) => ({ item: { Put: { new: o } } })),
  optionReplace: vi.fn((o: unknown) => ({ item: { Put: { replace: o } } })),
  optionDelete: vi.fn((t: unknown, v: unknown) => ({ item: { Delete: { t, v } } })),
}));
const jobs = vi.hoisted(() => ({
  listRenameJobs: vi.fn(),
  getRenameJob: vi.fn(),
  renameJobPut: vi.fn((j: unknown) => ({ item: { Put: { job: j } } })),
}));
const audit = vi.hoisted(() => ({
  adminAuditPut: vi.fn((input: unknown) => ({ item: { Put: { audit: input } } })),
}));
const tx = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const invoker = vi.hoisted(() => ({ startJob: vi.fn() }));
const usage = vi.hoisted(() => ({ counts: new Map<string, number>() }));
vi.mock('../../data/metadata-options', () => options);
vi.mock('../../data/option-rename-jobs', () => jobs);
vi.mock('../../data/audit', () => audit);
vi.mock('../../data/transactions', () => tx);
vi.mock('../../lib/job-invoker', () => invoker);
vi.mock('../catalogue/projection', () => ({ createProjection: () => ({ current: async () => ({}) }) }));
// Every property is projected; here the stage column stands for a partial one (an old snapshot).
vi.mock('./option-usage', () => ({
  isProjected: () => true,
  isCounted: (_index: unknown, type: string) => type !== 'stage_of_model_development',
  usageCounts: (_index: unknown, type: string) =>
    type === 'stage_of_model_development' ? undefined : usage.counts,
  entriesUsing: () => [{ uuid: 'u1', name: 'Entry 1' }],
}));

const { addOption, affectedEntries, deleteOption, listAdminOptions, resumeRenameJob, updateOption } =
  await import('./manage-options');

const user = (id: string, userType: User['userType']): User => ({
  id,
  firstName: id,
  lastName: id,
  email: `${id}@example.com`,
  active: true,
  userType,
  createdOn: '2026-01-01T00:00:00.000Z',
});
const admin = user('admin', 'SUPERUSER');
const option = (value: string, over: Partial<MetadataOption> = {}): MetadataOption => ({
  type: 'product',
  value,
  retired: false,
  usage: 0,
  ...over,
});

beforeEach(() => {
  vi.clearAllMocks();
  usage.counts = new Map();
  tx.runTransaction.mockResolvedValue(undefined);
  jobs.listRenameJobs.mockResolvedValue([]);
  options.listMetadataOptions.mockResolvedValue([option('Glucora'), option('Old', { retired: true })]);
});

describe('who may use the metadata option routes (persona × route)', () => {
  it.each(['INTERNALUSER', 'EXTERNALUSER'] as const)(
    '%s gets 403 on every route, nothing written',
    async (type) => {
      const caller = user('someone', type);
      const calls = [
        listAdminOptions(caller, 'product'),
        addOption(caller, 'product', { value: 'New' }),
        updateOption(caller, 'product', 'Glucora', { value: 'Glucora 2' }),
        updateOption(caller, 'product', 'Glucora', { retire: true }),
        deleteOption(caller, 'product', 'Glucora'),
        affectedEntries(caller, 'product', 'Glucora'),
        resumeRenameJob(caller, '01JAAAAAAAAAAAAAAAAAAAAAAA'),
      ];
      for (const call of calls) await expect(call).rejects.toBeInstanceOf(ForbiddenError);
      expect(options.listMetadataOptions).not.toHaveBeenCalled();
      expect(tx.runTransaction).not.toHaveBeenCalled();
      expect(invoker.startJob).not.toHaveBeenCalled();
    },
  );
});

describe('the option grid', () => {
  it('answers each option with its usage count, sorted by value', async () => {
    usage.counts = new Map([['glucora', 12]]);
    const list = await listAdminOptions(admin, 'product');
    expect(list.counted).toBe(true);
    expect(list.items).toEqual([
      { type: 'product', value: 'Glucora', retired: false, usage: 12 },
      { type: 'product', value: 'Old', retired: true, usage: 0 },
    ]);
  });

  it('answers no usage for a property that is not counted', async () => {
    const list = await listAdminOptions(admin, 'stage_of_model_development');
    expect(list.counted).toBe(false);
    expect(list.items.every((i) => i.usage === undefined)).toBe(true);
  });
});

describe('Add Option', () => {
  it('adds the option with its audit record in one transaction', async () => {
    const row = await addOption(admin, 'product', { value: '  Glucora   XR ' });
    expect(row).toEqual({ type: 'product', value: 'Glucora XR', retired: false, usage: 0 });
    expect(tx.runTransaction.mock.calls[0]?.[0]).toHaveLength(2);
    expect(audit.adminAuditPut).toHaveBeenCalledWith(
      expect.objectContaining({ actor: 'admin', action: 'OPTION_ADDED', target: 'option:product' }),
      expect.any(Number),
    );
  });

  it.each([
    ['glucora', ConflictError, 'This option already exists.'],
    ['', ValidationError, 'This field is required.'],
  ])('refuses %j', async (value, kind, message) => {
    const add = addOption(admin, 'product', { value });
    await expect(add).rejects.toBeInstanceOf(kind);
    await expect(addOption(admin, 'product', { value })).rejects.toThrow(message);
    expect(tx.runTransaction).not.toHaveBeenCalled();
  });

  it('refuses a retired File Type again with its own text', async () => {
    options.listMetadataOptions.mockResolvedValue([option('Legacy', { type: 'file_tag', retired: true })]);
    await expect(addOption(admin, 'file_tag', { value: 'legacy' })).rejects.toThrow(
      'Retired File Type cannot be used again. Please add a new File Type.',
    );
  });

  it('refuses a study number whose assigned metadata names a value that is not an active option', async () => {
    options.listMetadataOptions.mockImplementation(async (type: string) =>
      type === 'disease' ? [option('Melanoma', { type: 'disease' })] : [],
    );
    await expect(
      addOption(admin, 'study_number', { value: 'NCT0001', metadata: { disease: 'Flu' } }),
    ).rejects.toThrow('Flu is not an allowed value');
    expect(tx.runTransaction).not.toHaveBeenCalled();
  });
});

describe('Edit, Retire, Delete', () => {
  it('renames an unused option at once, without a job', async () => {
    options.getMetadataOption.mockResolvedValue(option('Glucora'));
    const result = await updateOption(admin, 'product', 'Glucora', { value: 'Glucora Plus' });
    expect(result).toMatchObject({ option: { value: 'Glucora Plus' }, affected: 0 });
    expect(result.job).toBeUndefined();
    expect(invoker.startJob).not.toHaveBeenCalled();
    expect(options.optionDelete).toHaveBeenCalledWith('product', 'Glucora');
  });

  it('starts the rename job for a used option, with the job item and audit in the same transaction', async () => {
    usage.counts = new Map([['glucora', 3000]]);
    options.getMetadataOption.mockResolvedValue(option('Glucora'));
    const result = await updateOption(admin, 'product', 'Glucora', { value: 'Glucora Plus' });
    expect(result.affected).toBe(3000);
    expect(result.job).toMatchObject({
      from: 'Glucora',
      to: 'Glucora Plus',
      status: 'RUNNING',
      total: 3000,
      done: 0,
    });
    const items = tx.runTransaction.mock.calls[0]?.[0];
    expect(items).toHaveLength(4); // old option out, new option in, job, audit
    expect(options.newOptionPut).toHaveBeenCalledWith(
      expect.objectContaining({
        value: 'Glucora Plus',
        renamedFrom: 'Glucora',
        renameJobId: result.job?.jobId,
      }),
    );
    expect(invoker.startJob).toHaveBeenCalledWith({
      job: 'rename-metadata-option',
      jobId: result.job?.jobId,
    });
  });

  it.each([
    [
      'edit of a retired option',
      option('Old', { retired: true }),
      { value: 'New' },
      'A retired option cannot be edited.',
    ],
    [
      'retire of a retired option',
      option('Old', { retired: true }),
      { retire: true },
      'The option is retired already.',
    ],
    [
      'edit during a rename',
      option('Glucora', { renameJobId: 'J' }),
      { value: 'X' },
      OPTION_TEXTS.renameRunning,
    ],
    [
      'a rename to a value the list holds',
      option('Glucora'),
      { value: 'OLD' },
      'This option already exists.',
    ],
  ])('refuses %s (409), nothing written', async (_, stored, body, message) => {
    options.getMetadataOption.mockResolvedValue(stored);
    await expect(updateOption(admin, 'product', stored.value, body)).rejects.toThrow(message);
    expect(tx.runTransaction).not.toHaveBeenCalled();
  });

  it('refuses renaming an option of a property whose usage is not counted', async () => {
    options.getMetadataOption.mockResolvedValue(option('Early', { type: 'stage_of_model_development' }));
    options.listMetadataOptions.mockResolvedValue([]);
    await expect(
      updateOption(admin, 'stage_of_model_development', 'Early', { value: 'Late' }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(tx.runTransaction).not.toHaveBeenCalled();
  });

  it('retires an active option', async () => {
    usage.counts = new Map([['glucora', 4]]);
    options.getMetadataOption.mockResolvedValue(option('Glucora'));
    const result = await updateOption(admin, 'product', 'Glucora', { retire: true });
    expect(result.option).toMatchObject({ retired: true, usage: 4 });
    expect(options.optionReplace).toHaveBeenCalledWith(expect.objectContaining({ retired: true }));
  });

  it.each([
    ['used', option('Glucora'), 2, 'An option that model entries use cannot be deleted.'],
    ['retired', option('Glucora', { retired: true }), 0, 'A retired option cannot be deleted.'],
  ])('refuses to delete a %s option', async (_, stored, used, message) => {
    usage.counts = new Map([['glucora', used]]);
    options.getMetadataOption.mockResolvedValue(stored);
    await expect(deleteOption(admin, 'product', 'Glucora')).rejects.toThrow(message);
    expect(tx.runTransaction).not.toHaveBeenCalled();
  });

  it('deletes an unused, active option with its audit record', async () => {
    options.getMetadataOption.mockResolvedValue(option('Glucora'));
    await deleteOption(admin, 'product', 'Glucora');
    expect(tx.runTransaction.mock.calls[0]?.[0]).toHaveLength(2);
    expect(audit.adminAuditPut).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'OPTION_DELETED', target: 'option:product:Glucora' }),
      expect.any(Number),
    );
  });
});
