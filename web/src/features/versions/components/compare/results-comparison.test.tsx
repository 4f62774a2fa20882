import type { CompareVersion } from '@shared/schemas/compare';
import type { CompareResults } from '@shared/schemas/result-compare';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { UUID_A, UUID_B } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { ResultsComparison } from './results-comparison';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const before: CompareVersion = { uuid: UUID_A, name: 'Markov model', version: '1.0' };
const after: CompareVersion = { uuid: UUID_B, name: 'Markov model', version: '1.1' };
const RESULTS = `/models/${UUID_A}/compare/${UUID_B}/results`;

const icerTable = {
  title: 'Incremental analysis',
  status: 'both' as const,
  columns: ['Measure', 'Value'],
  rows: [
    {
      label: 'ICER (cost per QALY gained)',
      status: 'both' as const,
      cells: [
        {
          column: 'Measure',
          before: 'ICER (cost per QALY gained)',
          after: 'ICER (cost per QALY gained)',
          changed: false,
        },
        { column: 'Value', before: 23410, after: 27950, absolute: 4540, relative: 0.1939, changed: true },
      ],
    },
    {
      label: 'Incremental QALYs',
      status: 'both' as const,
      cells: [
        { column: 'Measure', before: 'Incremental QALYs', after: 'Incremental QALYs', changed: false },
        { column: 'Value', before: 0.5, after: 0.5, absolute: 0, relative: 0, changed: false },
      ],
    },
  ],
};

const results: CompareResults = {
  applicable: true,
  pairs: [
    {
      subModelType: 'scenario',
      subModelName: 'Cost-effectiveness scenarios',
      name: 'Base case',
      ranOn: 'both',
      before: { instanceId: 'i-a', subModelId: 's-a', status: 'COMPLETED', runId: 'r-a', mayExecute: true },
      after: { instanceId: 'i-b', subModelId: 's-b', status: 'COMPLETED', runId: 'r-b', mayExecute: true },
      tables: [icerTable],
      changes: [
        {
          table: 'Incremental analysis',
          row: 'ICER (cost per QALY gained)',
          column: 'Value',
          before: 23410,
          after: 27950,
          absolute: 4540,
          relative: 0.1939,
          headline: 'ICER (cost per QALY gained) 23,410 → 27,950, +19%',
        },
      ],
    },
    {
      subModelType: 'scenario',
      subModelName: 'Cost-effectiveness scenarios',
      name: 'Discount rates 1.5%',
      ranOn: 'before',
      missing: 'run',
      before: { instanceId: 'i-c', subModelId: 's-a', status: 'COMPLETED', runId: 'r-c', mayExecute: true },
      after: { instanceId: 'i-d', subModelId: 's-b', status: 'DRAFT', mayExecute: true },
    },
    {
      subModelType: 'scenario',
      subModelName: 'Sensitivity',
      name: 'Tornado',
      ranOn: 'after',
      missing: 'subModel',
      after: { instanceId: 'i-e', subModelId: 's-c', status: 'COMPLETED', runId: 'r-e', mayExecute: false },
    },
  ],
};

function renderSection() {
  return render(
    withQueryClient(
      <MemoryRouter>
        <ResultsComparison before={before} after={after} />
      </MemoryRouter>,
    ),
  );
}

beforeEach(() => configureTestApi());

describe('ResultsComparison', () => {
  it('shows the largest changes and the tables side by side with the change of each value', async () => {
    stubFetch(on('GET', RESULTS, () => json(200, results)));
    renderSection();
    const pair = await screen.findByRole('article', { name: 'Base case (Cost-effectiveness scenarios)' });
    const headlines = within(pair).getByRole('list', { name: 'Largest changes of Base case' });
    expect(within(headlines).getByRole('listitem')).toHaveTextContent(
      'Incremental analysis: ICER (cost per QALY gained) 23,410 → 27,950, +19%',
    );
    const table = within(pair).getByRole('table', { name: 'Incremental analysis' });
    const icer = within(table).getByRole('row', { name: /ICER/ });
    expect(
      within(icer)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['23,410', '27,950', '+4,540 (+19%)']);
    // An unchanged value has no change text.
    const qalys = within(table).getByRole('row', { name: /Incremental QALYs/ });
    expect(
      within(qalys)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.5', '0.5', '']);
  });

  it('offers to run a scenario that ran on one side only on the other, and reads the comparison again', async () => {
    const fetchMock = stubFetch(
      on('GET', RESULTS, () => json(200, results)),
      on('POST', `/models/${UUID_B}/executions`, () => json(201, { groupId: 'g-1', created: true })),
      on('POST', '/executions/g-1/start', () => json(200, { groupId: 'g-1', status: 'QUEUED' })),
    );
    const user = userEvent.setup();
    renderSection();
    const pair = await screen.findByRole('article', {
      name: 'Discount rates 1.5% (Cost-effectiveness scenarios)',
    });
    expect(pair).toHaveTextContent(
      "Ran only in A (Version 1.0). 'Discount rates 1.5%' has not finished a run in B (Version 1.1).",
    );
    expect(
      within(pair).getByRole('link', { name: "Open 'Discount rates 1.5%' in B (Version 1.1)" }),
    ).toHaveAttribute('href', `/model/${UUID_B}/sub-model/s-b/instance-list?instance=i-d`);
    await user.click(
      within(pair).getByRole('button', { name: "Execute 'Discount rates 1.5%' in B (Version 1.1)" }),
    );
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST', '/executions/g-1/start')).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', `/models/${UUID_B}/executions`)[0]?.init.body)),
    ).toEqual({
      instanceIds: ['i-d'],
    });
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', RESULTS)).toHaveLength(2));

    // The sub-model is missing in A: no Execute, a link to A's scenario sub-models.
    const tornado = screen.getByRole('article', { name: 'Tornado (Sensitivity)' });
    expect(tornado).toHaveTextContent(
      "A (Version 1.0) has no sub-model 'Sensitivity': add it with the scenario 'Tornado', then run it.",
    );
    expect(within(tornado).queryByRole('button')).toBeNull();
    expect(within(tornado).getByRole('link')).toHaveAttribute(
      'href',
      `/model/${UUID_A}/scenario/submodel-list`,
    );
  });

  it.each([
    [
      { applicable: true, pairs: [] },
      'No scenario has a finished run in either version under the same sub-model and name.',
    ],
    [{ applicable: false, pairs: [] }, 'Results are compared for WebModel 2.0 entries only.'],
  ])('says why there is nothing to compare', async (body, text) => {
    stubFetch(on('GET', RESULTS, () => json(200, body)));
    renderSection();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
