import { render, screen, within } from '@testing-library/react';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { TreeTable } from 'primereact/treetable';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyPrimeReactA11y } from './primereact-a11y';

describe("PrimeReact's markup, mended app-wide", () => {
  beforeAll(() => applyPrimeReactA11y());

  it("hides Dropdown's duplicate native select and marks a disabled Dropdown as such", () => {
    const { container } = render(
      <>
        <label htmlFor="area">Therapeutic Area</label>
        <Dropdown inputId="area" options={['Oncology']} value={null} onChange={() => {}} />
        <Dropdown aria-label="Rows per page" options={[10]} value={10} disabled onChange={() => {}} />
      </>,
    );
    const selects = container.querySelectorAll('select');
    expect(selects).toHaveLength(2);
    for (const select of selects) expect(select).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByLabelText('Therapeutic Area')).toBeInTheDocument();
    const [active, disabled] = container.querySelectorAll('.p-dropdown');
    expect(active).not.toHaveAttribute('aria-disabled');
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
  });

  it("hides a Dropdown's arrow, a nameless button once a value is chosen, from assistive technology", () => {
    const { container } = render(
      <>
        <label htmlFor="level">Expertise level</label>
        <Dropdown inputId="level" options={['Basic', 'Expert']} value="Expert" onChange={() => {}} />
      </>,
    );
    expect(container.querySelector('.p-dropdown-trigger')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByLabelText('Expertise level')).toHaveAttribute('aria-haspopup', 'listbox');
  });

  it('makes a TreeTable one named treegrid whose rows may carry the tree attributes', () => {
    const nodes = [
      { key: 'in', data: { name: 'inputs' }, children: [{ key: 'in/a', data: { name: 'a.csv' } }] },
      { key: 'm', data: { name: 'model.xlsx' } },
    ];
    render(
      <TreeTable value={nodes} aria-label="Files" expandedKeys={{ in: true }}>
        <Column field="name" header="File Name" expander />
      </TreeTable>,
    );
    const grid = screen.getByRole('treegrid', { name: 'Files' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const rows = within(grid).getAllByRole('row');
    // The header row and three file rows, still rows (a presentational table would hide them).
    expect(rows).toHaveLength(4);
    const file = within(grid).getByRole('row', { name: /a\.csv/ });
    expect(file).toHaveAttribute('aria-level', '2');
    expect(file).not.toHaveAttribute('aria-checked');
  });
});
