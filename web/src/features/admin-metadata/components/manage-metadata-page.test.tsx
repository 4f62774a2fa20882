import type { AdminOptionList } from '@shared/schemas/metadata-option';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { ManageMetadataPage } from './manage-metadata-page';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const products: AdminOptionList = {
  items: [
    { type: 'product', value: 'Glucora', retired: false, usage: 12 },
    { type: 'product', value: 'Lipidrax', retired: false, usage: 0 },
    { type: 'product', value: 'Oldbrand', retired: true, usage: 3 },
  ],
  total: 3,
  counted: true,
  jobs: [],
};

const renderPage = (path = '/admin/manage-metadata/product') =>
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/manage-metadata/:property" element={<ManageMetadataPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('ManageMetadataPage', () => {
  beforeEach(configureTestApi);
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMessages();
  });

  it('shows the ten tabs, and per option its value, usage count and retired flag', async () => {
    stubFetch(
      on('GET', '/admin/metadata-options/product', () => json(200, products)),
      on('GET', '/metadata-options', () => json(200, {})),
    );
    renderPage();
    expect(await screen.findByText('Glucora')).toBeInTheDocument();
    const tabs = screen.getByRole('menubar', { name: 'Metadata properties' });
    expect(
      within(tabs)
        .getAllByRole('menuitem')
        .map((t) => t.textContent),
    ).toEqual([
      'Model Types',
      'Therapeutic Areas',
      'Products',
      'Diseases',
      'Trial Numbers',
      'Countries',
      'Stages of Model Development',
      'File Types',
      'Mathematica',
      'Python',
    ]);
    const row = screen.getByText('Glucora').closest('tr') as HTMLElement;
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('No')).toBeInTheDocument();
  });

  it('offers Edit, Retire and Delete by the rules of §5 for the selected option', async () => {
    stubFetch(
      on('GET', '/admin/metadata-options/product', () => json(200, products)),
      on('GET', '/metadata-options', () => json(200, {})),
    );
    renderPage();
    const button = (name: string) => screen.getByRole('button', { name });
    await userEvent.click(await screen.findByText('Glucora'));
    expect(button('Edit Option')).not.toHaveAttribute('aria-disabled', 'true');
    expect(button('Delete Option')).toHaveAttribute('aria-disabled', 'true'); // used by 12
    await userEvent.click(screen.getByText('Oldbrand'));
    expect(button('Edit Option')).toHaveAttribute('aria-disabled', 'true'); // retired
    expect(button('Retire Option')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Delete Option')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByText('Lipidrax'));
    expect(button('Delete Option')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it("adds an option, refusing a duplicate in any case ('isUnique') before anything is sent", async () => {
    const fetchMock = stubFetch(
      on('GET', '/admin/metadata-options/product', () => json(200, products)),
      on('GET', '/metadata-options', () => json(200, {})),
      on('POST', '/admin/metadata-options/product', () =>
        json(201, { type: 'product', value: 'Glucora XR', retired: false, usage: 0 }),
      ),
    );
    renderPage();
    await screen.findByText('Glucora');
    await userEvent.click(screen.getByRole('button', { name: 'Add Option' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Option' });
    const field = within(dialog).getByLabelText('Option *');
    await userEvent.type(field, 'GLUCORA');
    expect(field).toHaveAttribute('data-error-key', 'isUnique');
    expect(field).toHaveAccessibleDescription('This option already exists.');
    await userEvent.type(field, ' XR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('Glucora XR has been added into Products'),
    );
    expect(callsTo(fetchMock, 'POST', '/admin/metadata-options/product')).toHaveLength(1);
  });

  it("deletes only after the confirmation tick ('You have to check confirmation checkbox')", async () => {
    const fetchMock = stubFetch(
      on('GET', '/admin/metadata-options/product', () => json(200, products)),
      on('GET', '/metadata-options', () => json(200, {})),
      on('GET', '/admin/metadata-options/product/Lipidrax/entries', () => json(200, { total: 0, items: [] })),
      on('DELETE', '/admin/metadata-options/product/Lipidrax', () => json(204)),
    );
    renderPage();
    await userEvent.click(await screen.findByText('Lipidrax'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Option' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Option' });
    expect(
      await within(dialog).findByText("This operation won't affect any model entries"),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('You have to check confirmation checkbox')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/admin/metadata-options/product/Lipidrax')).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText('I confirm the deletion of this option.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('The option has been deleted'));
  });

  it('counts File Types by the entries whose files carry them, and offers Edit and Delete like the other tabs', async () => {
    const fileTypes: AdminOptionList = {
      items: [
        { type: 'file_tag', value: 'Data', retired: false, usage: 2 },
        { type: 'file_tag', value: 'Dossier', retired: false, usage: 0 },
      ],
      total: 2,
      counted: true,
      jobs: [],
    };
    stubFetch(
      on('GET', '/admin/metadata-options/file_tag', () => json(200, fileTypes)),
      on('GET', '/metadata-options', () => json(200, {})),
      on('GET', '/admin/metadata-options/file_tag/Data/entries', () =>
        json(200, {
          total: 2,
          items: [
            { uuid: 'a', name: 'Entry A' },
            { uuid: 'b', name: 'Entry B' },
          ],
        }),
      ),
    );
    renderPage('/admin/manage-metadata/file_tag');
    const row = (await screen.findByText('Data')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: /Count/ })).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.queryByText(/is not counted/)).not.toBeInTheDocument();
    const button = (name: string) => screen.getByRole('button', { name });
    await userEvent.click(screen.getByText('Dossier'));
    expect(button('Edit Option')).not.toHaveAttribute('aria-disabled', 'true');
    expect(button('Delete Option')).not.toHaveAttribute('aria-disabled', 'true'); // unused
    await userEvent.click(screen.getByText('Data'));
    expect(button('Delete Option')).toHaveAttribute('aria-disabled', 'true'); // used by 2
    await userEvent.click(button('Edit Option'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Option' });
    expect(await within(dialog).findByText('This operation will affect 2 model entries')).toBeInTheDocument();
    expect(within(dialog).getByText('Entry B')).toBeInTheDocument();
  });

  it('lists the entries an edit affects and shows a running rename with its progress', async () => {
    stubFetch(
      on('GET', '/admin/metadata-options/product', () =>
        json(200, {
          ...products,
          jobs: [
            {
              jobId: '01JBBBBBBBBBBBBBBBBBBBBBBB',
              type: 'product',
              from: 'Tussiva',
              to: 'Tussiva XR',
              status: 'RUNNING',
              total: 3000,
              done: 1200,
              startedBy: 'admin',
              startedOn: '2026-01-01T00:00:00.000Z',
              updatedOn: '2026-01-01T00:00:10.000Z',
            },
          ],
        }),
      ),
      on('GET', '/admin/metadata-option-jobs/01JBBBBBBBBBBBBBBBBBBBBBBB', () =>
        json(200, { ...products, status: 'DONE' }),
      ),
      on('GET', '/metadata-options', () => json(200, {})),
      on('GET', '/admin/metadata-options/product/Glucora/entries', () =>
        json(200, {
          total: 2,
          items: [
            { uuid: 'a', name: 'Entry A' },
            { uuid: 'b', name: 'Entry B' },
          ],
        }),
      ),
    );
    renderPage();
    expect(
      await screen.findByText('Renaming Tussiva to Tussiva XR: 1200 of 3000 model entries'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByText('Glucora'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Option' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Option' });
    expect(await within(dialog).findByText('This operation will affect 2 model entries')).toBeInTheDocument();
    expect(within(dialog).getByText('Entry A')).toBeInTheDocument();
  });
});
