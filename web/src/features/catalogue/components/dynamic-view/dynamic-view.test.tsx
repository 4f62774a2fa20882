import { DYNAMIC_FACETS, type DynamicFilters, type DynamicSearchResult } from '@shared/schemas/model-api';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeFilters } from '../../../../api/models';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { card, UUID_A, UUID_B, UUID_C } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { filterChips, isLocked, removeFacet, selectFacet, versionTree } from './dynamic-filters';
import { DynamicView } from './dynamic-view';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const empty = normalizeFilters({});
const noFacets = Object.fromEntries(
  DYNAMIC_FACETS.map((f) => [f, []]),
) as unknown as DynamicSearchResult['availableFilters'];

describe('dynamic filters (000 §2)', () => {
  it('takes one value per facet and then locks it until the chip is removed', () => {
    const one = selectFacet(empty, 'therapeutic_area', 'Oncology');
    expect(one.therapeutic_area).toEqual(['Oncology']);
    expect(isLocked(one, 'therapeutic_area')).toBe(true);
    expect(selectFacet(one, 'therapeutic_area', 'Vaccines')).toBe(one);
    const removed = removeFacet(one, 'therapeutic_area');
    expect(isLocked(removed, 'therapeutic_area')).toBe(false);
    expect(selectFacet(removed, 'therapeutic_area', 'Vaccines').therapeutic_area).toEqual(['Vaccines']);
  });

  it('labels chips with the facet and the display value', () => {
    const filters = selectFacet(selectFacet(empty, 'platform', 'Pneumococcal Vaccines'), 'disease', 'Asthma');
    expect(filterChips(filters).map((c) => c.label)).toEqual([
      'Name Of Disease: Asthma',
      'Platform: PNEU-insights',
    ]);
  });

  it('builds the version tree from root and parent links among the results', () => {
    const root = card({ uuid: UUID_A, version: '1.0', treeRootId: UUID_A });
    const child = card({ uuid: UUID_B, version: '2.0', treeRootId: UUID_A, treeParentId: UUID_A });
    const other = card({ uuid: UUID_C, version: '1.0' });
    const tree = versionTree(child, [other, child, root]);
    expect(tree.map((n) => n.card.uuid)).toEqual([UUID_A]);
    expect(tree[0]?.children.map((n) => n.card.uuid)).toEqual([UUID_B]);
    expect(versionTree(other, [other, child, root]).map((n) => n.card.uuid)).toEqual([UUID_C]);
  });
});

describe('DynamicView', { timeout: 20_000 }, () => {
  beforeEach(() => {
    configureTestApi();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const answer = (result: Partial<DynamicSearchResult>) =>
    stubFetch(
      on('POST', '/models/search', () =>
        json(200, { models: [], total: 0, availableFilters: noFacets, ...result }),
      ),
    );

  const renderView = (filters: DynamicFilters, onFiltersChange = vi.fn()) => {
    render(
      withQueryClient(
        <MemoryRouter>
          <DynamicView filters={filters} onFiltersChange={onFiltersChange} DownloadDialog={() => null} />
        </MemoryRouter>,
      ),
    );
    return onFiltersChange;
  };

  it('opens with the intro dialog and no chips', async () => {
    answer({});
    renderView(empty);
    expect(
      await screen.findByRole('dialog', { name: 'Begin your search with any filter' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No filters selected.')).toBeInTheDocument();
    for (const label of [
      'Therapeutic Area',
      'Name Of Disease',
      'Trial Number',
      'Product',
      'Global/Adaptation',
      'Countries',
      'Model Type',
      'Platform',
    ])
      expect(screen.getByLabelText(label)).toBeEnabled();
  });

  it('locks a chosen facet, shows its chip and unlocks it when the chip is removed', async () => {
    const fetchMock = answer({ models: [card()], total: 1 });
    const filters = selectFacet(empty, 'therapeutic_area', 'Oncology');
    const onChange = renderView(filters);
    expect(screen.queryByRole('dialog', { name: 'Begin your search with any filter' })).toBeNull();
    expect(screen.getByLabelText('Therapeutic Area')).toBeDisabled();
    expect(screen.getByLabelText('Name Of Disease')).toBeEnabled();
    expect(screen.getByText('Therapeutic Area: Oncology')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/models/search')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/models/search');
    expect(JSON.parse(call?.init.body as string).filters.therapeutic_area).toEqual(['Oncology']);

    await userEvent.click(screen.getByLabelText('Remove Therapeutic Area: Oncology'));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ therapeutic_area: [] }));
  });

  it('renders the cards in steps of 60 and shows the rest on demand', async () => {
    const models = Array.from({ length: 70 }, (_, i) =>
      card({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Entry ${i}` }),
    );
    answer({ models, total: 70 });
    renderView(selectFacet(empty, 'therapeutic_area', 'Oncology'));
    expect(await screen.findByText('Entry 59')).toBeInTheDocument();
    expect(screen.queryByText('Entry 60')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more (10 more)' }));
    expect(screen.getByText('Entry 69')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it("shows 'No results found' when nothing matches", async () => {
    answer({ models: [], total: 0 });
    renderView(selectFacet(empty, 'disease', 'Asthma'));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows restricted and preview-only cards and says when more than 500 matched', async () => {
    answer({
      models: [
        card({ uuid: UUID_A, name: 'Open model' }),
        card({ uuid: UUID_B, name: 'Preview model', previewOnly: true }),
        card({ uuid: UUID_C, name: 'Hidden model', restricted: true }),
      ],
      total: 812,
    });
    renderView(selectFacet(empty, 'platform', 'Model Repository'));
    expect(await screen.findByText('Open model')).toBeInTheDocument();
    expect(screen.getByText('Restricted access')).toBeInTheDocument();
    expect(screen.queryByText('Hidden model')).toBeNull();
    expect(
      screen.getByText(
        'You can only preview general information of this model. To view further details or download this model, please request access',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Open model' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Preview model' })).toBeNull();
    // The preview card names its entry and offers Request Access (issue 21 §14).
    expect(screen.getByText('Preview model')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request Access to Preview model' }));
    expect(await screen.findByRole('dialog', { name: 'Request Access' })).toBeInTheDocument();
    expect(screen.getByText(/Showing the first 500 of 812 results/)).toBeInTheDocument();
  });

  it('expands a card to its full form', async () => {
    answer({ models: [card({ name: 'Open model', country: ['France'] })], total: 1 });
    renderView(selectFacet(empty, 'platform', 'Model Repository'));
    await screen.findByText('Open model');
    expect(screen.queryByText('France')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand card' }));
    expect(screen.getByText('France')).toBeInTheDocument();
  });
});
