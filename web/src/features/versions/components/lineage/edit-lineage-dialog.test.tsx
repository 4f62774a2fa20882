import type { Hierarchy } from '@shared/schemas/versions-api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { detail, UUID_A, UUID_B, UUID_C } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { EditLineageDialog } from './edit-lineage-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const CHANGELOG = '66666666-6666-4666-8666-666666666661';
const model = detail({
  uuid: UUID_C,
  metadata: {
    information_classification: 'Proprietary',
    platform: 'Model Repository',
    product: ['Keytruda'],
    disease: 'Lung cancer',
    therapeutic_area: 'Oncology',
    global: 'true',
    version_release_of_model: '1.0',
    changelog_file: CHANGELOG,
  },
});
const alone: Hierarchy = {
  rootId: UUID_C,
  currentId: UUID_C,
  nodes: [{ uuid: UUID_C, parentId: null, restricted: false, name: 'Mine', version: '1.0' }],
};
const lineage: Hierarchy = {
  rootId: UUID_A,
  currentId: UUID_A,
  nodes: [
    { uuid: UUID_A, parentId: null, restricted: false, name: 'Lung model', version: '1.0' },
    { uuid: UUID_B, parentId: UUID_A, restricted: false, name: 'Lung model', version: '2.0' },
  ],
};
const parentDetail = detail({
  uuid: UUID_B,
  metadata: { ...model.metadata, version_release_of_model: '2.0', changelog_file: undefined },
});

function renderDialog(onHide = vi.fn()) {
  render(withQueryClient(<EditLineageDialog model={model} onHide={onHide} />));
  return onHide;
}

beforeEach(() => {
  configureTestApi();
  clearMessages();
});

describe('EditLineageDialog', () => {
  it('says so when the metadata offers no parent, and blocks saving until the entry is connected', async () => {
    const fetchMock = stubFetch(
      on('GET', '/models/lineage-roots', () => json(200, { items: [] })),
      on('GET', `/models/${UUID_C}/hierarchy`, () => json(200, alone)),
    );
    const user = userEvent.setup();
    renderDialog();
    expect(
      await screen.findByText('There is no parent you can select. This model entry is at top level.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Based on metadata no ancestry possibilities were found.')).toBeInTheDocument();
    const query = callsTo(fetchMock, 'GET', '/models/lineage-roots')[0]?.url.searchParams;
    expect(query?.get('product')).toBe('Keytruda');
    expect(query?.get('disease')).toBe('Lung cancer');
    expect(query?.get('exclude')).toBe(UUID_C);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Model is not connected yet');
    expect(callsTo(fetchMock, 'PUT', `/models/${UUID_C}/lineage`)).toHaveLength(0);
  });

  it('links the entry under a parent of a chosen lineage, with the version rule and hint', async () => {
    const fetchMock = stubFetch(
      on('GET', '/models/lineage-roots', () =>
        json(200, { items: [{ uuid: UUID_A, restricted: false, name: 'Lung model', version: '1.0' }] }),
      ),
      on('GET', `/models/${UUID_C}/hierarchy`, () => json(200, alone)),
      on('GET', `/models/${UUID_A}/hierarchy`, () => json(200, lineage)),
      on('GET', `/models/${UUID_B}`, () => json(200, parentDetail)),
      on('PUT', `/models/${UUID_C}/lineage`, () => json(200, { ...model, rev: 4 })),
    );
    const user = userEvent.setup();
    const onHide = renderDialog();
    await user.click(await screen.findByRole('radio', { name: 'Lung model (Version 1.0)' }));
    // Choosing a lineage moves on to its tab, where the parent is picked.
    expect(screen.getByRole('tab', { name: 'Link Model Entry' })).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('radio', { name: 'Lung model (Version 2.0)' }));
    expect(
      await screen.findByText('Enter a version number greater than the parent version number 2.0'),
    ).toBeInTheDocument();

    // Same product, disease, area and both global: the version must be above the parent's. The
    // hint, the field's error and the reason beside the disabled Save say so.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      within(screen.getByRole('dialog')).getAllByText(
        'Enter a version number greater than the parent version number 2.0',
      ),
    ).toHaveLength(3);
    expect(callsTo(fetchMock, 'PUT', `/models/${UUID_C}/lineage`)).toHaveLength(0);

    const version = screen.getByLabelText('Version');
    await user.clear(version);
    await user.type(version, '2.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    const [put] = callsTo(fetchMock, 'PUT', `/models/${UUID_C}/lineage`);
    expect(JSON.parse(String(put?.init.body))).toEqual({
      parentId: UUID_B,
      version: '2.1',
      changelogFile: CHANGELOG,
      rev: 3,
    });
    expect(getMessages().map((m) => m.text)).toContain('Model Lineage updated');
  });

  it("shows the server's reason when the move is refused", async () => {
    const cycle = 'A model entry cannot be linked under itself or one of its descendants.';
    stubFetch(
      on('GET', '/models/lineage-roots', () => json(200, { items: [] })),
      on('GET', `/models/${UUID_C}/hierarchy`, () => json(200, alone)),
      on('PUT', `/models/${UUID_C}/lineage`, () => json(409, { message: cycle, code: 'CONFLICT' })),
    );
    const user = userEvent.setup();
    const onHide = renderDialog();
    await user.click(await screen.findByRole('radio', { name: /Start a new lineage/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cycle);
    expect(onHide).not.toHaveBeenCalled();
  });

  it('starts a new lineage: no parent', async () => {
    const fetchMock = stubFetch(
      on('GET', '/models/lineage-roots', () => json(200, { items: [] })),
      on('GET', `/models/${UUID_C}/hierarchy`, () => json(200, alone)),
      on('PUT', `/models/${UUID_C}/lineage`, () => json(200, model)),
    );
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('radio', { name: /Start a new lineage/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, 'PUT', `/models/${UUID_C}/lineage`)).toHaveLength(1));
    const [put] = callsTo(fetchMock, 'PUT', `/models/${UUID_C}/lineage`);
    expect(JSON.parse(String(put?.init.body))).toMatchObject({ parentId: null, version: '1.0' });
  });
});
