import type { CallerFileNode } from '@shared/schemas/collaboration';
import type { SubModelView } from '@shared/schemas/sub-models-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { optionLists } from '../../../../testing/model-detail-fixtures';
import { detail, file, UUID_A } from '../../../../testing/model-fixtures';
import { stubPresignedPuts } from '../../../../testing/presigned-puts';
import { withQueryClient } from '../../../../testing/render';
import { FilesDialog } from './files-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));
const MAIN = '55555555-5555-4555-8555-555555555551';
const NOTES = '55555555-5555-4555-8555-555555555552';
const stored: CallerFileNode[] = [
  { ...file({ uuid: MAIN, name: 'model.xlsx', mainFile: true }), versionCount: 0 },
  { ...file({ uuid: NOTES, name: 'notes.txt', mainFile: false }), versionCount: 0 },
];
const filesPath = `/models/${UUID_A}/files`;
const ticket = {
  uploadId: 'ticket-1',
  files: [{ uploadFileId: 'up-1', name: 'a.csv', url: 'http://s3.test/up-1', headers: {} }],
  expiresAt: '2030-01-01T00:00:00Z',
};
const texts = () => getMessages().map((m) => m.text);
const csv = (name: string) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' });

// S3 is not there: each presigned PUT reports its progress and succeeds (testing/presigned-puts.ts).
let puts: ReturnType<typeof stubPresignedPuts>;

describe("FilesDialog (000 §2 'Files', §4)", { timeout: 40_000 }, () => {
  beforeEach(() => {
    configureTestApi();
    puts = stubPresignedPuts();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMessages();
  });

  const routes = (patch: () => Response) =>
    stubFetch(
      on('GET', filesPath, () => json(200, { items: stored })),
      on('GET', '/metadata-options', () => json(200, optionLists)),
      on('POST', '/uploads', () => json(201, ticket)),
      on('PATCH', filesPath, patch),
      on('POST', '/notifications', () =>
        json(200, { notificationId: '01J00000000000000000000000', recipients: 4 }),
      ),
    );

  const open = async (model = detail()) => {
    const onHide = vi.fn();
    render(withQueryClient(<FilesDialog model={model} onHide={onHide} />));
    const dialog = await screen.findByRole('dialog', { name: 'Files' });
    await within(dialog).findByText('notes.txt');
    return { dialog, onHide };
  };

  const rowOf = (dialog: HTMLElement, name: string) => {
    const row = within(dialog).getByText(name).closest('tr');
    if (!row) throw new Error(`no row for ${name}`);
    return row as HTMLElement;
  };

  it('uploads, deletes with undo, saves in one PATCH and asks to notify the model users', async () => {
    const fetchMock = routes(() =>
      json(200, { items: [stored[0], { ...file({ name: 'a.csv' }), mainFile: false }] }),
    );
    const { dialog, onHide } = await open();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.upload(within(dialog).getByTestId('files-upload-input'), [csv('a.csv'), csv('b.csv')]);
    expect(rowOf(dialog, 'a.csv')).toHaveTextContent('Not uploaded yet');
    // A file not uploaded yet is removed at once.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove b.csv' }));
    expect(within(dialog).queryByText('b.csv')).toBeNull();

    // A stored file is marked for deletion until saved, and undo restores it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    expect(rowOf(dialog, 'notes.txt')).toHaveTextContent('Marked for deletion');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo delete of notes.txt' }));
    expect(rowOf(dialog, 'notes.txt')).toHaveTextContent('Uploaded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'File type of a.csv' }), 'Data');
    // The suggestions float on <body>, above the dialog's scrolling table.
    await userEvent.click(screen.getByRole('option', { name: 'Data (Create New)' }));

    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(texts()).toContain('Files have been updated'));
    const [upload] = callsTo(fetchMock, 'POST', '/uploads');
    expect(JSON.parse(String(upload?.init.body))).toMatchObject({
      modelUuid: UUID_A,
      files: [{ name: 'a.csv', size: 8 }],
    });
    expect(puts.sent).toEqual([
      {
        method: 'PUT',
        url: 'http://s3.test/up-1',
        headers: {},
        body: expect.objectContaining({ name: 'a.csv' }),
      },
    ]);
    const patches = callsTo(fetchMock, 'PATCH', filesPath);
    expect(patches).toHaveLength(1);
    expect(JSON.parse(String(patches[0]?.init.body))).toEqual({
      rev: 3,
      uploadId: 'ticket-1',
      folders: [],
      add: [{ uploadFileId: 'up-1', name: 'a.csv', path: '', fileTag: 'Data', mainFile: false }],
      remove: [NOTES],
      update: [],
      clone: [],
    });

    // The notify prompt (its own tests: notify-model-users-dialog.test.tsx) announces modified files of this entry.
    const prompt = await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    await userEvent.click(within(prompt).getByLabelText('Note *'));
    await userEvent.paste('New data');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    const [notice] = callsTo(fetchMock, 'POST', '/notifications');
    expect(JSON.parse(String(notice?.init.body))).toMatchObject({
      modelUuid: UUID_A,
      action: 'FILES_MODIFIED',
    });
  });

  it('asks before deleting the main model file', async () => {
    routes(() => json(200, { items: stored }));
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete model.xlsx' }));
    expect(
      await screen.findByText('model.xlsx is a main model file. Are you sure you want to delete it?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(dialog, 'model.xlsx')).toHaveTextContent('Marked for deletion'));
  });

  it('keeps the main model file of a published entry: its delete is disabled with the reason', async () => {
    const reason = 'The main model file of a published model entry cannot be removed.';
    routes(() => json(200, { items: stored }));
    const { dialog } = await open(detail({ status: 'PUBLISHED' }));
    const deleteMain = within(dialog).getByRole('button', { name: 'Delete model.xlsx' });
    expect(deleteMain).toHaveAttribute('aria-disabled', 'true');
    expect(deleteMain).toHaveAccessibleDescription(reason);
    expect(within(dialog).getByRole('button', { name: 'Delete notes.txt' })).toBeEnabled();
    // Nor can the flag move to another file.
    expect(within(dialog).getByRole('checkbox', { name: 'notes.txt is the main model file' })).toBeDisabled();

    // Delete selected with the main file in the selection: disabled, and says which file stays.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select All' }));
    const deleteSelected = within(dialog).getByRole('button', { name: 'Delete selected' });
    expect(deleteSelected).toBeDisabled();
    expect(deleteSelected).toHaveAccessibleDescription(`model.xlsx: ${reason}`);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select model.xlsx' }));
    expect(within(dialog).getByRole('button', { name: 'Delete selected' })).toBeEnabled();
  });

  it("lists the server's refusals under 'Failed to update Files.' and keeps the changes", async () => {
    const refusal = 'model.xlsx: the main model file of a published model entry cannot be replaced.';
    routes(() =>
      json(422, {
        message: refusal,
        code: 'UNPROCESSABLE',
        issues: [{ path: 'body.add', message: refusal }],
      }),
    );
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(texts()).toContain('Failed to update Files.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(refusal);
    expect(rowOf(dialog, 'notes.txt')).toHaveTextContent('Marked for deletion');
    expect(screen.queryByRole('dialog', { name: 'Notify Model Users ?' })).toBeNull();
  });

  it("keeps a file's CDD and private flags with its owner: a manager who does not own it edits the rest", async () => {
    const others: CallerFileNode[] = [
      stored[0] as CallerFileNode,
      {
        ...file({ uuid: NOTES, name: 'notes.txt', mainFile: false, cdd: 'Yes', isPrivate: true }),
        owner: { id: 'olivia', firstName: 'Olivia', lastName: 'Owner' },
        callerAccess: { download: false, requestAccess: true, manage: false },
        versionCount: 0,
      },
    ];
    const fetchMock = stubFetch(
      on('GET', filesPath, () => json(200, { items: others })),
      on('GET', '/metadata-options', () => json(200, optionLists)),
      on('PATCH', filesPath, () => json(200, { items: others })),
    );
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Details of notes.txt' }));
    const details = await screen.findByRole('dialog', { name: 'File Details' });
    const hint = 'Only the file owner or a super user can change these.';
    for (const name of [/Confidential discount data/, 'Private file']) {
      const box = within(details).getByRole('checkbox', { name });
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription(hint);
    }
    await userEvent.type(within(details).getByRole('textbox', { name: 'Comment' }), 'checked');
    await userEvent.click(within(details).getByRole('button', { name: 'Apply' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', filesPath)).toHaveLength(1));
    const [patch] = callsTo(fetchMock, 'PATCH', filesPath);
    const update = JSON.parse(String(patch?.init.body)).update;
    expect(update).toEqual([expect.objectContaining({ uuid: NOTES, comment: 'checked' })]);
    expect(update[0]).not.toHaveProperty('cdd');
    expect(update[0]).not.toHaveProperty('isPrivate');
  });

  it("offers the file owner the file's CDD and private flags", async () => {
    const mine: CallerFileNode[] = [
      stored[0] as CallerFileNode,
      {
        ...file({ uuid: NOTES, name: 'notes.txt', mainFile: false }),
        callerAccess: { download: true, requestAccess: false, manage: true },
        versionCount: 0,
      },
    ];
    stubFetch(
      on('GET', filesPath, () => json(200, { items: mine })),
      on('GET', '/metadata-options', () => json(200, optionLists)),
    );
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Details of notes.txt' }));
    const details = await screen.findByRole('dialog', { name: 'File Details' });
    expect(within(details).getByRole('checkbox', { name: 'Private file' })).toBeEnabled();
    expect(within(details).queryByText('Only the file owner or a super user can change these.')).toBeNull();
  });

  it("shows 'Processing files x/y' and the file on the line while saving", async () => {
    const finish = puts.holdNext();
    routes(() => json(200, { items: stored }));
    const { dialog } = await open();
    await userEvent.upload(within(dialog).getByTestId('files-upload-input'), [csv('a.csv')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const status = await within(dialog).findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Processing files 0/2'));
    expect(status).toHaveTextContent('Uploading a.csv');
    finish();
    await waitFor(() => expect(texts()).toContain('Files have been updated'));
  });
});

describe("FilesDialog step 2: affected sub-models (000 §2 'Files', 001 §4 'Outdated')", {
  timeout: 40_000,
}, () => {
  beforeEach(() => {
    configureTestApi();
    puts = stubPresignedPuts();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMessages();
  });

  const webModel = (status: 'DRAFT' | 'PUBLISHED' = 'DRAFT') =>
    detail({ status, metadata: { information_classification: 'Proprietary', platform: 'WebModel 2.0' } });
  const subModel = (id: string, type: SubModelView['type'], name: string, executionModels: string[]) =>
    ({
      id,
      type,
      name,
      executionModels,
      environment: 'Python',
      timeoutSeconds: 600,
      outputPathDir: 'out',
      createdBy: 'leo',
      createdOn: '2024-03-05T10:00:00.000Z',
      modifiedOn: '2024-03-05T10:00:00.000Z',
      modelUuid: UUID_A,
      definitionType: 'JSONTEMPLATE',
      version: 1,
      permissions: { edit: 'allowed', delete: 'allowed', addInstance: 'allowed' },
    }) as SubModelView;
  const SUB_MODELS = [
    subModel('SCN', 'scenario', 'Base case', [NOTES]),
    subModel('DSP', 'display', 'Charts', [NOTES]),
    subModel('CAL', 'calibration', 'Calibrate costs', [MAIN]),
  ];
  const access = {
    sections: { scenario: 'allowed', calibration: 'allowed', display: 'allowed' },
    add: { scenario: 'allowed', calibration: 'allowed', display: 'allowed' },
  };
  const executed: Record<string, number> = { SCN: 2, CAL: 0 };
  const outdatePath = `${filesPath}/outdate-instances`;

  const routes = (
    over: { subModels?: SubModelView[]; patch?: () => Response; outdate?: () => Response } = {},
  ) =>
    stubFetch(
      on('GET', filesPath, () => json(200, { items: stored })),
      on('GET', '/metadata-options', () => json(200, optionLists)),
      on('GET', `/models/${UUID_A}/sub-models`, () =>
        json(200, { items: over.subModels ?? SUB_MODELS, access }),
      ),
      on('GET', `/models/${UUID_A}/instances`, (url) =>
        json(200, {
          items: [],
          total: executed[url.searchParams.get('executionSetupId') ?? ''] ?? 0,
          facets: { status: [], name: [], createdBy: [] },
        }),
      ),
      on('PATCH', filesPath, over.patch ?? (() => json(200, { items: [stored[0]] }))),
      on(
        'POST',
        outdatePath,
        over.outdate ??
          (() =>
            json(200, {
              outdated: 3,
              subModels: [
                { id: 'CAL', outdated: 1 },
                { id: 'SCN', outdated: 2 },
              ],
            })),
      ),
    );

  const open = async (model = webModel()) => {
    const onHide = vi.fn();
    render(withQueryClient(<FilesDialog model={model} onHide={onHide} />));
    const dialog = await screen.findByRole('dialog', { name: 'Files' });
    await within(dialog).findByText('notes.txt');
    return { dialog, onHide };
  };
  const box = (name: string) => screen.getByRole('checkbox', { name });

  it('lists the calibration and scenario sub-models, ticks those running a deleted file, and outdates the chosen ones after the save', async () => {
    const fetchMock = routes();
    const { dialog } = await open();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));

    const table = await within(dialog).findByRole('table', { name: 'Affected sub-models' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    // Calibration first, then scenario; no display sub-model.
    expect(rows).toEqual([
      expect.stringMatching(/^Calibrate costs\s*Calibration\s*No/),
      expect.stringMatching(/^Base case\s*Scenario\s*Yes/),
    ]);
    await waitFor(() => expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/Yes\s*2$/));
    expect(box('Select Base case')).toBeChecked();
    expect(box('Select Calibrate costs')).not.toBeChecked();
    expect(box('Select All')).not.toBeChecked();

    // Select all, none; then one tick after the other keeps both.
    await userEvent.click(box('Select All'));
    expect(box('Select Calibrate costs')).toBeChecked();
    await userEvent.click(box('Select All'));
    expect(box('Select Base case')).not.toBeChecked();
    expect(box('Select Calibrate costs')).not.toBeChecked();
    await userEvent.click(box('Select Base case'));
    await userEvent.click(box('Select Calibrate costs'));
    expect(box('Select Base case')).toBeChecked();
    expect(box('Select All')).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    expect(callsTo(fetchMock, 'PATCH', filesPath)).toHaveLength(1);
    const outdates = callsTo(fetchMock, 'POST', outdatePath);
    expect(outdates).toHaveLength(1);
    expect(JSON.parse(String(outdates[0]?.init.body))).toEqual({ subModelIds: ['CAL', 'SCN'] });
    // The files first, then the instances.
    const order = fetchMock.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${new URL(url).pathname}`,
    );
    expect(order.indexOf(`POST /v2${outdatePath}`)).toBeGreaterThan(order.indexOf(`PATCH /v2${filesPath}`));
    expect(getMessages()).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        text: '3 instances were marked outdated: the model files changed after they were executed.',
      }),
    );
  });

  it('saves without outdating when no sub-model is ticked, and Back returns to the files', async () => {
    const fetchMock = routes();
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Undo delete of notes.txt' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(box('Select Base case'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    expect(callsTo(fetchMock, 'PATCH', filesPath)).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', outdatePath)).toHaveLength(0);
  });

  it('has no step 2 when the entry has no calibration or scenario sub-model', async () => {
    const fetchMock = routes({ subModels: [subModel('DSP', 'display', 'Charts', [NOTES])] });
    const { dialog } = await open();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/models/${UUID_A}/sub-models`)).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    expect(within(document.body).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(callsTo(fetchMock, 'POST', outdatePath)).toHaveLength(0);
  });

  it('skips step 2 on a published entry and says that no instance becomes outdated', async () => {
    const fetchMock = routes();
    const { dialog } = await open(webModel('PUBLISHED'));
    expect(dialog).toHaveTextContent(
      "Instances of this entry's sub-models are not marked outdated by file changes: that happens on unpublished model entries only.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    expect(callsTo(fetchMock, 'GET', `/models/${UUID_A}/sub-models`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', outdatePath)).toHaveLength(0);
  });

  it('outdates nothing when the file save fails, and goes back to the files with the refusal', async () => {
    const refusal = 'notes.txt cannot be removed.';
    const fetchMock = routes({
      patch: () =>
        json(422, { message: refusal, code: 'UNPROCESSABLE', issues: [{ path: 'body', message: refusal }] }),
    });
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(refusal));
    expect(within(dialog).getByRole('button', { name: 'Undo delete of notes.txt' })).toBeVisible();
    expect(callsTo(fetchMock, 'POST', outdatePath)).toHaveLength(0);
  });

  it('reports a failed outdating: the files stay saved and the notify prompt follows', async () => {
    routes({ outdate: () => json(409, { message: 'Try later.', code: 'CONFLICT' }) });
    const { dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notes.txt' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    expect(texts()).toContain('Files have been updated');
    expect(texts()).toContain(
      'The files were saved, but the instances could not be marked outdated. Try later.',
    );
  });
});
