import type { MacroModuleDiff } from '@shared/diffs/macros';
import type { SheetDiffPage } from '@shared/diffs/spreadsheet';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { UUID_A, UUID_B } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { useVersionUrlState } from '../../version-url-state';
import { SpreadsheetDiffView } from './spreadsheet-diff-view';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const F1 = '55555555-5555-4555-8555-555555555551';
const F2 = '55555555-5555-4555-8555-555555555552';
const source = { uuid: UUID_A, fileUuid: F1, otherUuid: UUID_B, otherFileUuid: F2 };
const DIFF = `/models/${UUID_A}/files/${F1}/diff/${UUID_B}/${F2}`;

const overview = {
  pageSize: 200,
  sheets: [
    { id: 'Inputs', name: 'Inputs', type: 'sheet', status: 'changed', diffCount: 2, maxPageIndex: 1 },
    {
      id: 'Results',
      name: 'Results',
      type: 'sheet',
      oldName: 'Output',
      status: 'renamed',
      diffCount: 1,
      maxPageIndex: 0,
    },
    { id: 'Notes', name: 'Notes', type: 'sheet', status: 'unchanged', diffCount: 0, maxPageIndex: 0 },
  ],
  definedNames: [{ name: 'rate', status: 'changed', old: 'Inputs!$B$2', new: 'Inputs!$B$3' }],
  notCompared: [{ kind: 'charts', old: 1, new: 2 }],
  macros: [
    {
      name: 'Module1',
      kind: 'standard',
      status: 'changed',
      linesAdded: 1,
      linesRemoved: 1,
      cosmeticLines: 2,
    },
  ],
};

function inputsPage(pageIndex: number): SheetDiffPage {
  return {
    sheet: 'Inputs',
    pageIndex,
    pageSize: 200,
    maxPageIndex: 1,
    diffCount: 2,
    diffs:
      pageIndex === 0
        ? [
            {
              index: 0,
              kind: 'cells',
              tag: 'tilde',
              range: 'B2',
              rowIndex: 1,
              columnIndex: 1,
              pageIndex: 0,
              cellCount: 1,
              summary: 'B2: 0.03 → 0.035',
            },
          ]
        : [
            {
              index: 1,
              kind: 'cells',
              tag: 'tilde',
              range: 'A201',
              rowIndex: 200,
              columnIndex: 0,
              pageIndex: 1,
              cellCount: 1,
              summary: 'A201: x → y',
            },
          ],
    columns: [
      { old: 'A', new: 'A', tag: 'equal' },
      { old: 'B', new: 'B', tag: 'equal' },
    ],
    cellDiff:
      pageIndex === 0
        ? [
            {
              old: 1,
              new: 1,
              tag: 'equal',
              cells: [
                {
                  tag: 'equal',
                  old: { kind: 'string', value: 'rate' },
                  new: { kind: 'string', value: 'rate' },
                },
                null,
              ],
            },
            {
              old: 2,
              new: 2,
              tag: 'tilde',
              cells: [
                null,
                {
                  tag: 'tilde',
                  old: { kind: 'number', value: 0.03 },
                  new: { kind: 'number', value: 0.035, formula: 'B1*1.1' },
                  formulaChanged: true,
                  valueChanged: true,
                },
              ],
            },
          ]
        : [
            {
              old: 201,
              new: 201,
              tag: 'tilde',
              cells: [
                { tag: 'tilde', old: { kind: 'string', value: 'x' }, new: { kind: 'string', value: 'y' } },
                null,
              ],
            },
          ],
    rowDiff: { inserted: [], deleted: [] },
    columnDiff: { inserted: [], deleted: [] },
    firstDiffPageIndex: 0,
    lastDiffPageIndex: 1,
    previousDiffPageIndex: pageIndex === 1 ? 0 : null,
    nextDiffPageIndex: pageIndex === 0 ? 1 : null,
    firstDiffIndexInPage: pageIndex,
    lastDiffIndexInPage: pageIndex,
  };
}

const resultsPage: SheetDiffPage = {
  ...inputsPage(0),
  sheet: 'Results',
  maxPageIndex: 0,
  diffCount: 1,
  nextDiffPageIndex: null,
  lastDiffPageIndex: 0,
};

function Harness() {
  const { state, update } = useVersionUrlState();
  const location = useLocation();
  return (
    <>
      <SpreadsheetDiffView source={source} state={state} update={update} />
      <output data-testid="location">{location.search}</output>
    </>
  );
}

const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

function renderView(query: string) {
  render(
    withQueryClient(
      <MemoryRouter
        initialEntries={[
          `/model/${UUID_A}/detail?tab=version&mode=compare&a=${UUID_A}&b=${UUID_B}&file=${F1}%3A${F2}${query}`,
        ]}
      >
        <Harness />
      </MemoryRouter>,
    ),
  );
}

const ready = () => json(200, { kind: 'spreadsheet', status: 'READY', overview });
const sheetRoute = on('GET', `${DIFF}/sheets/Inputs`, (url) =>
  json(200, inputsPage(Number(url.searchParams.get('page')))),
);
const resultsRoute = on('GET', `${DIFF}/sheets/Results`, () => json(200, resultsPage));

beforeEach(() => configureTestApi());

describe('SpreadsheetDiffView', () => {
  it('says the diff is still being computed, then shows it when ready without a reload', async () => {
    let calls = 0;
    stubFetch(
      on('GET', DIFF, () =>
        ++calls === 1 ? json(202, { kind: 'spreadsheet', status: 'PENDING', retryAfterSeconds: 1 }) : ready(),
      ),
    );
    renderView('');
    expect(await screen.findByText('Failed to fetch some diffs')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This might be due to files are still being processed on our server. Please try again later.',
      ),
    ).toBeInTheDocument();
    // The query asks again after Retry-After by itself.
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch some diffs')).toBeNull();
  });

  it('shows Failed to fetch diff with the reason the server refused the pair', async () => {
    stubFetch(
      on('GET', DIFF, () =>
        json(422, { message: 'The workbook is password-protected.', code: 'UNPROCESSABLE' }),
      ),
    );
    renderView('');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch diff');
    expect(alert).toHaveTextContent('The workbook is password-protected.');
  });

  it('shows Failed to fetch diff alone when the server failed', async () => {
    stubFetch(on('GET', DIFF, () => json(500, { message: 'Internal error', code: 'INTERNAL' })));
    renderView('');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch diff');
    expect(alert).not.toHaveTextContent('Internal error');
  });

  it('gives an overview of sheets, defined names, VBA modules and what was not compared', async () => {
    stubFetch(on('GET', DIFF, ready), sheetRoute, resultsRoute);
    const user = userEvent.setup();
    renderView('');
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.getByText('1 renamed, 1 changed, 1 unchanged')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Output → Results' })).toBeInTheDocument();
    expect(screen.getByText(/Inputs!\$B\$2 → Inputs!\$B\$3/)).toBeInTheDocument();
    expect(screen.getByText(/charts \(A: 1, B: 2\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Output → Results' }));
    expect(search().get('view')).toBe('sheets');
    expect(search().get('sheet')).toBe('Results');
  });

  it('pages through a sheet, tags cells with the formula beside the value, and steps from change to change', async () => {
    const fetchMock = stubFetch(on('GET', DIFF, ready), sheetRoute, resultsRoute);
    const user = userEvent.setup();
    renderView('&view=sheets&sheet=Inputs');
    const grid = await screen.findByRole('table', { name: 'Inputs: version B' });
    const changed = grid.querySelector('[data-cell="B2"]');
    expect(changed).toHaveAttribute('data-tag', 'tilde');
    expect(changed).toHaveTextContent('0.035=B1*1.1');
    expect(
      screen.getByRole('table', { name: 'Inputs: version A' }).querySelector('[data-cell="B2"]'),
    ).toHaveTextContent('0.03');

    await user.click(screen.getByRole('button', { name: 'Single Pane View' }));
    expect(search().get('pane')).toBe('single');
    const single = screen.getByRole('table', { name: 'Inputs: changes' });
    expect(single.querySelector('[data-cell="B2"]')).toHaveTextContent('0.03 changed to → 0.035=B1*1.1');

    await user.click(screen.getByRole('button', { name: 'Next change' }));
    expect(search().get('cell')).toBe('B2');
    await user.click(screen.getByRole('button', { name: 'Next change' }));
    // The next change is on the second page of 200 rows: it opens there, focused.
    await vi.waitFor(() => expect(search().get('page')).toBe('2'));
    await vi.waitFor(() => expect(search().get('cell')).toBe('A201'));
    expect(
      callsTo(fetchMock, 'GET', `${DIFF}/sheets/Inputs`).some((c) => c.url.searchParams.get('page') === '1'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 2 of 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next tab' }));
    expect(search().get('sheet')).toBe('Results');
    // The sheet tabs follow the arrow keys.
    screen.getByRole('tab', { name: /Results/ }).focus();
    await user.keyboard('{ArrowRight}');
    expect(search().get('sheet')).toBe('Notes');
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveFocus();
  });

  it('loads the changed sheets one after another, and Cancel fetches no more', async () => {
    const three = {
      ...overview,
      sheets: [
        ...overview.sheets,
        { id: 'Costs', name: 'Costs', type: 'sheet', status: 'changed', diffCount: 4, maxPageIndex: 0 },
      ],
    };
    let releaseInputs: (() => void) | undefined;
    const inputsAnswered = new Promise<void>((resolve) => {
      releaseInputs = resolve;
    });
    const fetchMock = stubFetch(
      on('GET', DIFF, () => json(200, { kind: 'spreadsheet', status: 'READY', overview: three })),
      on('GET', `${DIFF}/sheets/Inputs`, async (url) => {
        await inputsAnswered;
        return json(200, inputsPage(Number(url.searchParams.get('page'))));
      }),
      resultsRoute,
    );
    const user = userEvent.setup();
    renderView('&view=sheets&sheet=Inputs');
    expect(await screen.findByText('Loading sheet 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    releaseInputs?.();
    // The sheet on screen still arrives; the sheets after it are never asked for.
    expect(await screen.findByRole('table', { name: 'Inputs: version B' })).toBeInTheDocument();
    expect(screen.queryByText(/Loading sheet/)).toBeNull();
    expect(callsTo(fetchMock, 'GET', `${DIFF}/sheets/Results`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', `${DIFF}/sheets/Costs`)).toHaveLength(0);
  });

  it('reports the sheets it could not fetch', async () => {
    stubFetch(
      on('GET', DIFF, ready),
      sheetRoute,
      on('GET', `${DIFF}/sheets/Results`, () =>
        json(202, { kind: 'spreadsheet', status: 'PENDING', retryAfterSeconds: 5 }),
      ),
    );
    renderView('&view=sheets&sheet=Inputs');
    expect(await screen.findByText('Failed to fetch some diffs')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Inputs: version B' })).toBeInTheDocument();
  });

  it('says why the VBA project could not be read', async () => {
    const unreadable = {
      ...overview,
      macros: [],
      macrosError: 'The VBA project of version B could not be read.',
    };
    stubFetch(
      on('GET', DIFF, () => json(200, { kind: 'spreadsheet', status: 'READY', overview: unreadable })),
    );
    renderView('');
    expect(await screen.findByText('The VBA project of version B could not be read.')).toBeInTheDocument();
    expect(screen.queryByText('Neither workbook has VBA modules.')).toBeNull();
  });

  it('hides the change navigation when the sheets hold fewer than 2 changes', async () => {
    const few = {
      ...overview,
      sheets: [
        { id: 'Results', name: 'Results', type: 'sheet', status: 'changed', diffCount: 1, maxPageIndex: 0 },
      ],
    };
    stubFetch(
      on('GET', DIFF, () => json(200, { kind: 'spreadsheet', status: 'READY', overview: few })),
      resultsRoute,
    );
    renderView('&view=sheets');
    await screen.findByRole('table', { name: 'Results: version B' });
    expect(screen.queryByRole('navigation', { name: 'Change navigation' })).toBeNull();
  });

  it('diffs a VBA module, hiding letter-case and Attribute changes until asked', async () => {
    const module: MacroModuleDiff = {
      ...overview.macros[0],
      kind: 'standard',
      status: 'changed',
      lines: [
        { tag: 'minus', text: 'Attribute VB_Name = "module1"', line1: 1, cosmetic: 'attribute' },
        { tag: 'plus', text: 'Attribute VB_Name = "Module1"', line2: 1, cosmetic: 'attribute' },
        { tag: 'minus', text: 'rate = 0.03', line1: 2 },
        { tag: 'plus', text: 'rate = 0.035', line2: 2 },
      ],
    } as MacroModuleDiff;
    stubFetch(
      on('GET', DIFF, ready),
      on('GET', `${DIFF}/macros/Module1`, () => json(200, module)),
    );
    const user = userEvent.setup();
    renderView('&view=macros');
    const list = await screen.findByRole('list', { name: 'VBA modules' });
    expect(within(list).getByRole('button', { name: /Module1/ })).toHaveAttribute('aria-current', 'true');
    await vi.waitFor(() =>
      expect(document.querySelector('.mr-text-diff__view')?.textContent).toContain('rate = 0.035'),
    );
    expect(document.querySelector('.mr-text-diff__view')?.textContent).not.toContain('"module1"');
    await user.click(screen.getByLabelText('Show letter-case and Attribute line changes'));
    await vi.waitFor(() =>
      expect(document.querySelector('.mr-text-diff__view')?.textContent).toContain('"module1"'),
    );
  });
});
