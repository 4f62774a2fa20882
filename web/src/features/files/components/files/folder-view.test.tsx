import type { CallerFileNode } from '@shared/schemas/collaboration';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { stubLocationAssign } from '../../../../testing/location';
import { allPermissions, detail, file, UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { fileAccessRequestRoute, sendAccessRequest } from '../../../../testing/request-access';
import { FolderView, splitFolderView } from './folder-view';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));
const OPEN = '55555555-5555-4555-8555-555555555551';
const LOCKED = '55555555-5555-4555-8555-555555555552';
const HIDDEN = '55555555-5555-4555-8555-555555555553';

const callerFile = (over: Partial<CallerFileNode>): CallerFileNode => ({ ...file(), ...over });
const files: CallerFileNode[] = [
  callerFile({
    uuid: OPEN,
    name: 'model.xlsx',
    mainFile: true,
    fileTag: 'Model',
    updatedBy: 'olivia',
    callerAccess: { download: true, requestAccess: false, manage: true },
  }),
  callerFile({
    uuid: LOCKED,
    name: 'prices.csv',
    path: 'data',
    mainFile: false,
    cdd: 'Yes',
    updatedBy: 'unknown-isid',
    callerAccess: { download: false, requestAccess: true, manage: false },
  }),
  callerFile({
    uuid: HIDDEN,
    name: 'private.docx',
    mainFile: false,
    isPrivate: true,
    callerAccess: { download: false, requestAccess: false, manage: false },
  }),
];

const users = {
  olivia: {
    id: 'olivia',
    firstName: 'Olivia',
    lastName: 'Owner',
    email: 'olivia@example.com',
    userType: 'INTERNALUSER' as const,
  },
};

describe('FolderView (000 §2, §6)', { timeout: 30_000 }, () => {
  beforeEach(() => configureTestApi());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // A viewer: the read-only tree (an editor gets the file manager, below).
  const readOnly = { ...allPermissions('allowed'), edit: 'disallowed' as const };
  const show = (over: Parameters<typeof detail>[0] = {}) =>
    render(withQueryClient(<FolderView model={detail({ users, permissions: readOnly, ...over })} />));

  it('lists folders and files with the spec columns and the names of the updaters', async () => {
    stubFetch(on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })));
    show();
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File Name', 'UpdatedOn', 'Updated By', 'File Type', 'Actions']);
    expect(await within(table).findByText('model.xlsx')).toBeInTheDocument();
    expect(within(table).getByText('data')).toBeInTheDocument();
    expect(within(table).getByText('prices.csv')).toBeInTheDocument();
    const main = within(table).getByText('model.xlsx').closest('tr');
    expect(main).toHaveTextContent('Main model file');
    expect(main).toHaveTextContent('Olivia Owner');
    expect(main).toHaveTextContent('Model');
    expect(within(table).getByText('prices.csv').closest('tr')).toHaveTextContent('unknown-isid');
    // A folder shows the newest change inside it, not a blank date.
    const folderRow = within(table).getByText('data').closest('tr') as HTMLElement;
    const fileRow = within(table).getByText('prices.csv').closest('tr') as HTMLElement;
    const updatedOn = (row: HTMLElement) => row.querySelectorAll('td')[1]?.textContent;
    expect(updatedOn(folderRow)).not.toBe('');
    expect(updatedOn(folderRow)).toBe(updatedOn(fileRow));
  });

  it('names the updater the server kept with the change, also one without a role on the entry (issue 21 §26)', async () => {
    const items = files.map((f) =>
      f.name === 'prices.csv' ? { ...f, updatedBy: 'admin', updatedByName: 'Ada Admin' } : f,
    );
    stubFetch(on('GET', `/models/${UUID_A}/files`, () => json(200, { items })));
    show();
    const row = (await screen.findByText('prices.csv')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).not.toHaveTextContent('admin');
  });

  it('offers each file only the actions the caller has', async () => {
    stubFetch(on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })));
    show();
    expect(await screen.findByRole('button', { name: 'Download model.xlsx' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Manage File Access for model.xlsx' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Access to model.xlsx' })).toBeNull();

    expect(screen.queryByRole('button', { name: 'Download prices.csv' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request Access to prices.csv' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Manage File Access for prices.csv' })).toBeNull();

    expect(screen.queryByRole('button', { name: 'Download private.docx' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request Access to private.docx' })).toBeNull();
    expect(screen.getByRole('button', { name: 'History of private.docx' })).toBeInTheDocument();
  });

  it('disables Request Access once the request went out', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })),
      fileAccessRequestRoute(UUID_A, LOCKED),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Request Access to prices.csv' }));
    await sendAccessRequest('Ask the owner of the file prices.csv for access.');
    const sent = screen.getByRole('button', { name: 'Request Access to prices.csv' });
    expect(sent).toHaveAttribute('aria-disabled', 'true');
    expect(sent).toHaveAccessibleDescription('Your request has been sent');
  });

  it('keeps Request Access disabled after a reload while the request is pending', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })),
      fileAccessRequestRoute(UUID_A, LOCKED),
    );
    const first = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Request Access to prices.csv' }));
    await sendAccessRequest('Ask the owner of the file prices.csv for access.');
    first.unmount();
    show();
    expect(await screen.findByRole('button', { name: 'Request Access to prices.csv' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('says why a file can be neither downloaded nor requested', async () => {
    const reason =
      "You don't have Trail access in THEOREM. Please follow the THEOREM access guide to request it.";
    const items = files.map((f) =>
      f.uuid === HIDDEN
        ? { ...f, callerAccess: { download: false, requestAccess: false, manage: false, reason } }
        : f,
    );
    stubFetch(on('GET', `/models/${UUID_A}/files`, () => json(200, { items })));
    show();
    const row = (await screen.findByText('private.docx')).closest('tr') as HTMLElement;
    expect(within(row).getByText('No access')).toHaveAttribute('title', reason);
    expect(row).toHaveTextContent(`No access: ${reason}`);
  });

  it('downloads a file after the legal notice', async () => {
    const assign = stubLocationAssign();
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })),
      on('POST', `/models/${UUID_A}/files/${OPEN}/download`, () =>
        json(200, { url: 'http://s3.test/one', fileName: 'model.xlsx', expiresAt: '2030-01-01T00:00:00Z' }),
      ),
    );
    show({ metadata: { legal_notice: 'Internal use only.' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Download model.xlsx' }));
    const dialog = screen.getByRole('dialog', { name: 'Download File' });
    expect(within(dialog).getByRole('region', { name: 'Legal notice' })).toHaveTextContent(
      'Internal use only.',
    );
    const download = within(dialog).getByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('I have read the legal notice'));
    await userEvent.click(download);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://s3.test/one'));
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID_A}/files/${OPEN}/download`);
    expect(JSON.parse(String(call?.init.body))).toEqual({ legalNoticeAccepted: true });
  });

  it('opens Manage File Access for a file the caller manages', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })),
      on('GET', `/models/${UUID_A}/files/${OPEN}/access`, () =>
        json(200, {
          fileUuid: OPEN,
          fileName: 'model.xlsx',
          owner: users.olivia,
          sharedWith: [],
          candidates: [],
        }),
      ),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage File Access for model.xlsx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage File Access' });
    expect(await within(dialog).findByText('This file is not shared with anyone.')).toBeInTheDocument();
  });

  it("splits a THEOREM entry into 'THEOREM Files' and 'Supporting Documents'", async () => {
    const cut = callerFile({ uuid: OPEN, name: 'cut-2024.csv', asOfDate: '2024-06-30', mainFile: false });
    const protocol = callerFile({ uuid: LOCKED, name: 'protocol.pdf', mainFile: false });
    expect(splitFolderView([cut, protocol])).toEqual({ theorem: [cut], supporting: [protocol] });
    stubFetch(on('GET', `/models/${UUID_A}/files`, () => json(200, { items: [cut, protocol] })));
    show({ theorem: true });
    expect(await screen.findByText('cut-2024.csv')).toBeInTheDocument();
    expect(screen.queryByText('protocol.pdf')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Supporting Documents' }));
    expect(await screen.findByText('protocol.pdf')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'THEOREM Files' })).toBeInTheDocument();
  });

  it('is read-only for a user who may not edit: no Select All, no toolbar, nothing to save', async () => {
    stubFetch(on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })));
    show();
    const table = await screen.findByRole('table', { name: 'Files' });
    await within(table).findByText('model.xlsx');
    expect(screen.queryByRole('checkbox', { name: 'Select All' })).toBeNull();
    expect(screen.queryByLabelText('New folder name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete model.xlsx' })).toBeNull();
  });

  it('is the file manager for a user who may edit: create, upload, Select All, one save, then notify', async () => {
    const saved = [
      ...files,
      callerFile({ uuid: '55555555-5555-4555-8555-555555555559', name: 'inputs', folder: true }),
    ];
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })),
      on('GET', '/metadata-options', () => json(200, {})),
      on('PATCH', `/models/${UUID_A}/files`, () => json(200, { items: saved })),
      on('POST', '/notifications', () =>
        json(200, { notificationId: '01J00000000000000000000000', recipients: 4 }),
      ),
    );
    show({ permissions: allPermissions('allowed') });
    const table = await screen.findByRole('table', { name: 'Files' });
    await within(table).findByText('model.xlsx');
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeEnabled();
    expect(screen.getByTestId('files-upload-input')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone model.xlsx' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await userEvent.type(screen.getByLabelText('New folder name'), 'inputs');
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(within(table).getByText('inputs').closest('tr')).toHaveTextContent('New folder');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();

    await userEvent.click(save);
    const prompt = await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    const [patch] = callsTo(fetchMock, 'PATCH', `/models/${UUID_A}/files`);
    expect(JSON.parse(String(patch?.init.body))).toMatchObject({ rev: 3, folders: ['inputs'], remove: [] });
    // The notify prompt (its own tests: notify-model-users-dialog.test.tsx) announces modified files of this entry.
    await userEvent.click(within(prompt).getByLabelText('Note *'));
    await userEvent.paste('New folder');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notify Model Users ?' })).toBeNull());
    const [notice] = callsTo(fetchMock, 'POST', '/notifications');
    expect(JSON.parse(String(notice?.init.body))).toMatchObject({
      modelUuid: UUID_A,
      action: 'FILES_MODIFIED',
    });
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    expect(within(table).getByText('inputs').closest('tr')).not.toHaveTextContent('New folder');
  });

  it('discards pending changes in the folder view', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: files })),
      on('GET', '/metadata-options', () => json(200, {})),
    );
    show({ permissions: allPermissions('allowed') });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete data/prices.csv' }));
    expect(
      within(screen.getByRole('table', { name: 'Files' }))
        .getByText('prices.csv')
        .closest('tr'),
    ).toHaveTextContent('Marked for deletion');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(
      within(screen.getByRole('table', { name: 'Files' }))
        .getByText('prices.csv')
        .closest('tr'),
    ).not.toHaveTextContent('Marked for deletion');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});
