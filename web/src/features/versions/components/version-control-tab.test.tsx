import type { CompareResult } from '@shared/schemas/compare';
import type { Hierarchy } from '@shared/schemas/versions-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { allPermissions, detail, UUID_A, UUID_B, UUID_C } from '../../../testing/model-fixtures';
import { withQueryClient } from '../../../testing/render';
import { browserDownload } from './compare/changelog-download';
import { VersionControlTab } from './version-control-tab';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const HIDDEN = '44444444-4444-4444-8444-444444444444';
const FILE_1 = '55555555-5555-4555-8555-555555555551';
const FILE_2 = '55555555-5555-4555-8555-555555555552';
const LOG = '66666666-6666-4666-8666-666666666661';

const hierarchy: Hierarchy = {
  rootId: UUID_A,
  currentId: UUID_B,
  nodes: [
    {
      uuid: UUID_A,
      parentId: null,
      restricted: false,
      name: 'Lung model',
      version: '1.0',
      status: 'PUBLISHED',
    },
    {
      uuid: UUID_B,
      parentId: UUID_A,
      restricted: false,
      name: 'Lung model',
      version: '2.0',
      status: 'DRAFT',
    },
    { uuid: UUID_C, parentId: UUID_A, restricted: false, name: 'Lung model DE', version: '1.1' },
    { uuid: HIDDEN, parentId: UUID_B, restricted: true },
  ],
};

const comparison: CompareResult = {
  version: { uuid: UUID_A, name: 'Lung model', version: '1.0', versionLog: 'First release' },
  otherVersion: {
    uuid: UUID_B,
    name: 'Lung model',
    version: '2.0',
    changelog: { fileUuid: LOG, name: 'changes.docx', mayDownload: true },
  },
  pairs: [
    {
      status: 'changed',
      kind: 'text',
      fileUuid: FILE_1,
      otherFileUuid: FILE_2,
      file: { name: 'model.R', path: 'R' },
      otherFile: { name: 'model.R', path: 'R' },
      diffable: true,
    },
    {
      status: 'added',
      kind: 'other',
      otherFileUuid: FILE_1,
      otherFile: { name: 'notes.pdf', path: '' },
      diffable: true,
    },
  ],
};

/** Shows the URL the tab wrote, to check deep links. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderTab(query: string, permissions = allPermissions('allowed')) {
  return render(
    withQueryClient(
      <MemoryRouter initialEntries={[`/model/${UUID_B}/detail?${query}`]}>
        <VersionControlTab model={detail({ uuid: UUID_B })} permissions={permissions} />
        <Location />
      </MemoryRouter>,
    ),
  );
}

const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

beforeAll(() => {
  // React Flow measures its pane and nodes; jsdom lays nothing out.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  globalThis.DOMMatrixReadOnly ??= class {
    m22 = 1;
  } as unknown as typeof DOMMatrixReadOnly;
});

beforeEach(() => configureTestApi());

describe('VersionControlTab', () => {
  it('shows the lineage tree with the current entry marked and restricted versions without names', async () => {
    stubFetch(on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)));
    renderTab('tab=version');
    const tree = await screen.findByRole('region', { name: 'Lineage tree' });
    const current = await within(tree).findByRole('button', { name: 'Lung model, Version 2.0 (this entry)' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(tree).getByText('Restricted access')).toBeInTheDocument();
    // The restricted version is no button: it cannot be picked.
    expect(within(tree).getAllByRole('button', { name: /Lung model/ })).toHaveLength(3);
  });

  it('picks versions by keyboard, at most two, a third pick replacing the second', async () => {
    stubFetch(on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)));
    const user = userEvent.setup();
    renderTab('tab=version');
    const first = await screen.findByRole('button', { name: 'Lung model, Version 1.0' });
    first.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Lung model, Version 2.0 (this entry)' }));
    expect(search().get('a')).toBe(UUID_A);
    expect(search().get('b')).toBe(UUID_B);
    expect(screen.getByRole('button', { name: 'Compare' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Lung model DE, Version 1.1' }));
    expect(search().get('a')).toBe(UUID_A);
    expect(search().get('b')).toBe(UUID_C);
    expect(screen.getByRole('button', { name: 'Lung model, Version 2.0 (this entry)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('allows compare with exactly two versions only', async () => {
    stubFetch(on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)));
    renderTab(`tab=version&a=${UUID_A}`);
    await screen.findByRole('region', { name: 'Lineage tree' });
    expect(screen.getByRole('button', { name: 'Compare' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'History' })).toBeEnabled();
  });

  it('opens a pasted compare link: logs, changelogs, grouped files and the line diff of the chosen file', async () => {
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)),
      on('GET', `/models/${UUID_A}/compare/${UUID_B}`, () => json(200, comparison)),
      on('GET', `/models/${UUID_A}/files/${FILE_1}/diff/${UUID_B}/${FILE_2}`, () =>
        json(200, { kind: 'text', hunks: [] }),
      ),
    );
    renderTab(`tab=version&mode=compare&a=${UUID_A}&b=${UUID_B}&file=${FILE_1}%3A${FILE_2}`);

    const a = await screen.findByRole('region', { name: 'Version A' });
    expect(within(a).getByText('First release')).toBeInTheDocument();
    expect(within(a).getByText('No changelog file was uploaded')).toBeInTheDocument();
    const b = screen.getByRole('region', { name: 'Version B' });
    expect(within(b).getByText('No version log was captured.')).toBeInTheDocument();
    expect(within(b).getByRole('button', { name: 'Download changes.docx' })).toBeEnabled();

    const files = screen.getByRole('navigation', { name: 'Compared files' });
    expect(within(files).getByRole('heading', { name: 'Added (1)' })).toBeInTheDocument();
    expect(within(files).getByRole('heading', { name: 'Removed (0)' })).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'R/model.R' })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByText('No changes found')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'GET', `/models/${UUID_A}/files/${FILE_1}/diff/${UUID_B}/${FILE_2}`),
    ).toHaveLength(1);
  });

  it("downloads a changelog once 'I have read the legal notice' is ticked", async () => {
    const start = vi.spyOn(browserDownload, 'start').mockImplementation(() => undefined);
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)),
      on('GET', `/models/${UUID_A}/compare/${UUID_B}`, () => json(200, comparison)),
      on('POST', `/models/${UUID_B}/files/${LOG}/download`, () =>
        json(200, {
          url: 'https://s3.test/changes.docx',
          fileName: 'changes.docx',
          expiresAt: '2030-01-01T00:00:00Z',
        }),
      ),
    );
    const user = userEvent.setup();
    renderTab(`tab=version&mode=compare&a=${UUID_A}&b=${UUID_B}`);
    await user.click(await screen.findByRole('button', { name: 'Download changes.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download changelog' });
    const confirm = within(dialog).getByRole('button', { name: 'Download' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I have read the legal notice'));
    await user.click(confirm);
    await waitFor(() => expect(start).toHaveBeenCalledWith('https://s3.test/changes.docx'));
    const [post] = callsTo(fetchMock, 'POST', `/models/${UUID_B}/files/${LOG}/download`);
    expect(JSON.parse(String(post?.init.body))).toEqual({ legalNoticeAccepted: true });
  });

  it('lists the file history of the selected versions, newest first', async () => {
    stubFetch(
      on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)),
      on('GET', `/models/${UUID_A}/files/history`, () =>
        json(200, {
          items: [
            {
              fileUuid: FILE_1,
              file: 'model.R',
              path: 'R',
              action: 'UPLOADED',
              isid: 'olivia',
              userName: 'Olivia Owner',
              timestamp: '2024-01-02T10:00:00.000Z',
              versionNumber: 1,
              modelUuid: UUID_A,
              modelVersion: '1.0',
            },
            {
              fileUuid: FILE_1,
              file: 'model.R',
              path: 'R',
              action: 'REPLACED',
              isid: 'leo',
              timestamp: '2024-03-04T10:00:00.000Z',
              versionNumber: 2,
              modelUuid: UUID_A,
              modelVersion: '1.0',
            },
          ],
        }),
      ),
    );
    renderTab(`tab=version&mode=history&a=${UUID_A}`);
    const table = await screen.findByRole('region', { name: 'File history' });
    await within(table).findByText('Olivia Owner');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Replaced', 'Uploaded']);
    expect(within(rows[0] as HTMLElement).getByText('leo')).toBeInTheDocument();
  });

  it('offers no History without the See History permission, even from a link', async () => {
    stubFetch(on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)));
    renderTab(`tab=version&mode=history&a=${UUID_A}`, {
      ...allPermissions('allowed'),
      seeHistory: 'disallowed',
    });
    expect(await screen.findByRole('region', { name: 'Lineage tree' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'File history' })).toBeNull();
  });

  it('shows nothing of the versions to a caller without the version-control permission', async () => {
    const fetchMock = stubFetch(on('GET', `/models/${UUID_B}/hierarchy`, () => json(200, hierarchy)));
    renderTab('tab=version', allPermissions('disallowed'));
    expect(
      await screen.findByText('You do not have permission to see the versions of this model entry.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Lineage tree' })).toBeNull());
    expect(callsTo(fetchMock, 'GET', `/models/${UUID_B}/hierarchy`)).toHaveLength(0);
  });
});
