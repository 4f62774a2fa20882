import type { FileAccessList } from '@shared/schemas/collaboration';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { AFTER_RELOAD_KEY } from '../../../../lib/reload-folder-tab';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { stubLocationAssign } from '../../../../testing/location';
import { person, UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { ManageFileAccessDialog, ownershipProblem } from './manage-file-access-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const FILE = '55555555-5555-4555-8555-555555555555';
const olivia = person('olivia', 'Olivia', 'Owner');
const victor = person('victor', 'Victor', 'Viewer');
const mona = person('mona', 'Mona', 'Modeler');
const stella = person('stella', 'Stella', 'Steward');

const accessList = (over: Partial<FileAccessList> = {}): FileAccessList => ({
  fileUuid: FILE,
  fileName: 'cut.csv',
  owner: olivia,
  sharedWith: [victor],
  candidates: [mona, stella],
  ...over,
});

const accessPath = `/models/${UUID_A}/files/${FILE}/access`;
const bodyOf = (call: { init: RequestInit } | undefined) => JSON.parse(String(call?.init.body));
const texts = () => getMessages().map((m) => m.text);

describe('ManageFileAccessDialog (000 §4, §5)', { timeout: 30_000 }, () => {
  // jsdom has no layout: PrimeReact's ListBox scrolls the chosen option into view.
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= vi.fn();
  });
  beforeEach(() => configureTestApi());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearMessages();
  });

  const open = (onHide = vi.fn()) => {
    render(
      withQueryClient(
        <ManageFileAccessDialog modelUuid={UUID_A} file={{ uuid: FILE, name: 'cut.csv' }} onHide={onHide} />,
      ),
    );
    return onHide;
  };

  it('refuses an ownership transfer without a user or to the owner', () => {
    expect(ownershipProblem(accessList(), undefined)).toBe('Choose the new owner.');
    expect(ownershipProblem(accessList(), 'olivia')).toBe('Olivia Owner already owns this file.');
    expect(ownershipProblem(accessList(), 'mona')).toBeUndefined();
  });

  it('shows the owner and stops sharing with one user', async () => {
    const fetchMock = stubFetch(
      on('GET', accessPath, () => json(200, accessList())),
      on('PUT', accessPath, () =>
        json(200, accessList({ sharedWith: [], candidates: [mona, stella, victor] })),
      ),
    );
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Manage File Access' });
    expect(await within(dialog).findByText('Olivia Owner')).toBeInTheDocument();
    expect(within(dialog).getByRole('listbox', { name: 'Share with a user' })).toBeInTheDocument();
    const shared = within(dialog).getByRole('region', { name: 'Shared with' });
    await userEvent.click(within(shared).getByRole('button', { name: 'Stop sharing with Victor Viewer' }));
    await waitFor(() => expect(texts()).toContain('File Access removed for Victor Viewer'));
    expect(bodyOf(callsTo(fetchMock, 'PUT', accessPath)[0])).toEqual({
      userId: 'victor',
      status: 'INACTIVE',
    });
    expect(await within(shared).findByText('This file is not shared with anyone.')).toBeInTheDocument();
  });

  it('grants access to one chosen user; submit waits for the choice', async () => {
    const fetchMock = stubFetch(
      on('GET', accessPath, () => json(200, accessList())),
      on('PUT', accessPath, () =>
        json(200, accessList({ sharedWith: [victor, mona], candidates: [stella] })),
      ),
    );
    open();
    const share = await screen.findByRole('region', { name: 'Share file' });
    const grant = within(share).getByRole('button', { name: 'Grant Access' });
    expect(grant).toBeDisabled();
    await userEvent.click(within(share).getByRole('option', { name: 'Stella Steward (stella@example.com)' }));
    // Only one user: the newest choice replaces the earlier one.
    await userEvent.click(within(share).getByRole('option', { name: 'Mona Modeler (mona@example.com)' }));
    expect(grant).toBeEnabled();
    await userEvent.click(grant);
    await waitFor(() => expect(texts()).toContain('File Access has been granted'));
    const puts = callsTo(fetchMock, 'PUT', accessPath);
    expect(puts).toHaveLength(1);
    expect(bodyOf(puts[0])).toEqual({ userId: 'mona', status: 'ACTIVE' });
  });

  it("says 'Failed to Grant File access' when the grant is refused", async () => {
    stubFetch(
      on('GET', accessPath, () => json(200, accessList())),
      on('PUT', accessPath, () =>
        json(422, { message: 'Mona cannot read this model.', code: 'UNPROCESSABLE' }),
      ),
    );
    open();
    const share = await screen.findByRole('region', { name: 'Share file' });
    await userEvent.click(within(share).getByRole('option', { name: /Mona Modeler/ }));
    await userEvent.click(within(share).getByRole('button', { name: 'Grant Access' }));
    await waitFor(() =>
      expect(texts()).toContain('Failed to Grant File access: Mona cannot read this model.'),
    );
  });

  it('transfers the ownership to another user and reloads on the folder tab', async () => {
    const assign = stubLocationAssign();
    const fetchMock = stubFetch(
      on('GET', accessPath, () => json(200, accessList())),
      on('PUT', `/models/${UUID_A}/files/${FILE}/owner`, () => json(200, {})),
    );
    const onHide = open();
    const section = await screen.findByRole('region', { name: 'Transfer ownership' });
    const transfer = within(section).getByRole('button', { name: 'Transfer Ownership' });
    expect(transfer).toBeDisabled();
    await userEvent.click(within(section).getByRole('option', { name: /Olivia Owner/ }));
    expect(transfer).toBeDisabled();
    expect(within(section).getByText('Olivia Owner already owns this file.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('option', { name: /Stella Steward/ }));
    expect(transfer).toBeEnabled();
    await userEvent.click(transfer);
    // The success text travels with the reload and is shown after it (reload-folder-tab.ts).
    await waitFor(() => expect(assign).toHaveBeenCalledWith(paths.modelDetail.getHref(UUID_A, 'folder')));
    expect(JSON.parse(window.sessionStorage.getItem(AFTER_RELOAD_KEY) ?? 'null')).toEqual({
      modelUuid: UUID_A,
      text: 'File Ownership has been granted to Stella Steward',
    });
    expect(bodyOf(callsTo(fetchMock, 'PUT', `/models/${UUID_A}/files/${FILE}/owner`)[0])).toEqual({
      userId: 'stella',
    });
    expect(onHide).toHaveBeenCalled();
  });
});
