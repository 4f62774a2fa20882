import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { tickColumn } from './tick-column';

interface Row {
  id: string;
  name: string;
  locked?: boolean;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
  { id: 'c', name: 'Gamma', locked: true },
];

function Table({ initial = [], onChange }: { initial?: string[]; onChange?: (keys: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <DataTable value={ROWS} dataKey="id" cellMemo={false} pt={{ table: { 'aria-label': 'Things' } }}>
      {tickColumn({
        rows: ROWS,
        selected,
        keyOf: (r) => r.id,
        labelOf: (r) => r.name,
        isDisabled: (r) => Boolean(r.locked),
        onChange: (keys) => {
          setSelected(keys);
          onChange?.(keys);
        },
      })}
      <Column header="Name" field="name" />
    </DataTable>
  );
}

describe('tickColumn (selectable tables)', () => {
  it('names every tick box after its row and reports what is ticked', async () => {
    const onChange = vi.fn();
    render(<Table onChange={onChange} />);
    const beta = screen.getByRole('checkbox', { name: 'Select Beta' });
    expect(beta).not.toBeChecked();
    await userEvent.click(beta);
    expect(beta).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(['b']);
    await userEvent.click(beta);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('Select all ticks every row that is not disabled, and unticks them again', async () => {
    const onChange = vi.fn();
    render(<Table onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: 'Select Gamma' })).toBeDisabled();
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('keeps a ticked row that Select all cannot touch (a disabled, pre-ticked one)', async () => {
    const onChange = vi.fn();
    render(<Table initial={['c']} onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: 'Select Gamma' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith(['c', 'a', 'b']);
  });

  it('nests no focusable control inside another control (the axe finding of the selection column)', () => {
    render(<Table />);
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box.tagName).toBe('INPUT');
      // A native checkbox, inside no element that itself claims the checkbox role.
      expect(box.parentElement?.closest('[role="checkbox"]')).toBeNull();
    }
  });
});
