import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunResult, RunResultSchema } from '@shared/schemas/run-result';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ResultView } from './result-view';

// Cells are aligned by result.css (classes, not inline styles): the page's stylesheet, as in the app.
const stylesheet = document.createElement('style');
stylesheet.textContent = readFileSync(join(__dirname, 'result.css'), 'utf8');
document.head.append(stylesheet);
// The worker's document is shared with the files after this one (`isolate: false`).
afterAll(() => stylesheet.remove());

// ApexCharts is drawn by the setup file's stand-in (testing/apex-chart-stub.tsx): a box with the chart's type and height.

const result = (value: unknown): RunResult => RunResultSchema.parse(value);

const sample = result({
  options: { chart: { height: 300 } },
  elements: [
    { kind: 'error', title: 'Scenario 3', message: 'No events in the treatment arm.' },
    { kind: 'section', title: 'Cost-effectiveness', text: 'First paragraph.\n\nSecond paragraph.' },
    {
      kind: 'table',
      options: {
        title: 'Incremental analysis',
        caption: 'Discounted at 3.5%',
        tableHeadTillRow: 1,
        footnotes: ['QALY: quality-adjusted life year.'],
      },
      cells: [
        { row: 0, column: 0, value: 'Measure', th: true },
        { row: 0, column: 1, value: 'Value', th: true },
        { row: 1, column: 0, value: 'ICER', indent: 1 },
        { row: 1, column: 1, value: 21536.14, valuePrefix: '$', valuePostfix: ' per QALY' },
        { row: 2, column: 0, value: 'Dominated', colSpan: 2, align: 'center' },
      ],
    },
    { kind: 'section', title: 'Uncertainty', level: 2 },
    {
      kind: 'chart',
      chartType: 'ce-plane',
      options: { title: 'CE plane', willingnessToPay: 20000 },
      data: [{ group: 'New vs old', x: 0.2, y: 3000 }],
    },
  ],
});

describe('ResultView', () => {
  it('shows the default title, the sections, errors, tables and charts', async () => {
    render(<ResultView result={sample} analysisKind="scenario" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Scenario Analysis' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent('Scenario 3: No events in the treatment arm.');
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Discounted at 3.5%' });
    expect(within(table).getByRole('columnheader', { name: 'Measure' })).toBeInTheDocument();
    const icer = within(table).getByRole('cell', { name: '$21,536.14 per QALY' });
    expect(icer).toHaveStyle({ textAlign: 'right' });
    expect(within(table).getByRole('cell', { name: 'ICER' })).toHaveStyle({ paddingLeft: '1.75rem' });
    const merged = within(table).getByRole('cell', { name: 'Dominated' });
    expect(merged).toHaveAttribute('colspan', '2');
    expect(merged).toHaveStyle({ textAlign: 'center' });
    expect(table.querySelector('thead')?.textContent).toBe('MeasureValue');
    expect(screen.getByText('QALY: quality-adjusted life year.')).toBeInTheDocument();

    expect(screen.getByRole('figure', { name: 'CE plane' })).toBeInTheDocument();
    const chart = await screen.findByTestId('apex-chart');
    expect(chart).toHaveAttribute('data-type', 'line');
    expect(chart).toHaveAttribute('data-height', '300');
  });

  it("uses the result's own title", () => {
    render(
      <ResultView
        result={result({ options: { title: 'Markov model' }, elements: [] })}
        analysisKind="calibration"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Markov model' })).toBeInTheDocument();
  });

  it('hides a section by its tick, collapses and expands, and filters the list by search', async () => {
    const user = userEvent.setup();
    render(<ResultView result={sample} />);
    await screen.findByRole('table');
    const list = screen.getByRole('navigation', { name: 'Result sections' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent?.trim()),
    ).toEqual(['Results', 'Cost-effectiveness', 'Uncertainty']);

    await user.click(within(list).getByRole('checkbox', { name: 'Cost-effectiveness' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: 'Cost-effectiveness' }));
    expect(screen.getByRole('table')).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Uncertainty' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('figure')).toBeInTheDocument();

    await user.type(within(list).getByRole('searchbox', { name: 'Search sections' }), 'uncert');
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1);
    await user.type(within(list).getByRole('searchbox'), 'x');
    expect(within(list).getByText('No sections match.')).toBeInTheDocument();
  });

  it('keeps a 200,000-cell table to a window of rows in the DOM, the head included', async () => {
    // jsdom lays nothing out: give elements the size of the table's scroll box, as a browser would.
    // (the virtualizer reads the box's client size).
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const cells = [
      { row: 0, column: 0, value: 'Cycle', th: true },
      ...Array.from({ length: 10 }, (_, c) => ({ row: 0, column: c + 1, value: `State ${c}`, th: true })),
    ];
    for (let row = 1; row <= 18_000; row += 1)
      for (let column = 0; column <= 10; column += 1)
        cells.push({ row, column, value: row * column } as never);
    render(
      <ResultView
        result={result({ elements: [{ kind: 'table', options: { tableHeadTillRow: 1 }, cells }] })}
      />,
    );
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('data-row-count', '18001');
    const bodyRows = () => table.querySelectorAll('tbody tr:not(.mr-result-table-spacer)');
    // The virtualizer measures its scroll box after the first paint, then draws the rows in view.
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(5));
    expect(bodyRows().length).toBeLessThan(100);
    expect(bodyRows()[0]?.textContent).toBe('012345678910');
    expect(within(table).getByRole('columnheader', { name: 'State 9' })).toBeInTheDocument();
    height.mockRestore();
    width.mockRestore();
  });

  it('draws every row of a virtualised table while the page prints, and the window again afterwards', async () => {
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const cells = [{ row: 0, column: 0, value: 'Cycle', th: true }];
    for (let row = 1; row <= 600; row += 1) cells.push({ row, column: 0, value: `cycle ${row}` } as never);
    render(
      <ResultView
        result={result({ elements: [{ kind: 'table', options: { tableHeadTillRow: 1 }, cells }] })}
      />,
    );
    const table = await screen.findByRole('table');
    const bodyRows = () => table.querySelectorAll('tbody tr:not(.mr-result-table-spacer)');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(5));
    expect(bodyRows().length).toBeLessThan(100);

    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    // Drawn synchronously in beforeprint, before the browser lays the page out for print.
    expect(bodyRows()).toHaveLength(600);
    expect(bodyRows()[599]?.textContent).toBe('cycle 600');
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    await waitFor(() => expect(bodyRows().length).toBeLessThan(100));
    height.mockRestore();
    width.mockRestore();
  });
});
