import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import type { ReactElement } from 'react';

export interface TickColumnOptions<T> {
  /** The rows the table shows (what 'Select all' ticks). */
  rows: readonly T[];
  /** Keys of the ticked rows. */
  selected: readonly string[];
  keyOf: (row: T) => string;
  /** What the row's tick box is named after: 'Select <label>'. */
  labelOf: (row: T) => string;
  onChange: (keys: string[]) => void;
  /** A row that cannot be ticked (or unticked) shows its box disabled. */
  isDisabled?: (row: T) => boolean;
}

/**
 * The tick column of a selectable table: our own labelled tick boxes instead of PrimeReact's selection
 * column, which puts role="checkbox" without aria-checked around a focusable input (axe:
 * aria-required-attr, nested-interactive). Each box is a real checkbox named 'Select <label>'; the
 * header's 'Select all' ticks every row that is not disabled, and unticks them when all are ticked.
 *
 * A function, not a component: PrimeReact's DataTable reads its Column children's props, so the
 * column must be a <Column> element itself. The table needs `cellMemo={false}` so the boxes follow
 * the selection.
 */
export function tickColumn<T>({
  rows,
  selected,
  keyOf,
  labelOf,
  onChange,
  isDisabled = () => false,
}: TickColumnOptions<T>): ReactElement {
  const chosen = new Set(selected);
  const tickable = rows.filter((row) => !isDisabled(row)).map(keyOf);
  const allTicked = tickable.length > 0 && tickable.every((key) => chosen.has(key));
  const toggleAll = (tick: boolean) => {
    const rest = selected.filter((key) => !tickable.includes(key));
    onChange(tick ? [...rest, ...tickable] : rest);
  };
  const toggle = (key: string, tick: boolean) =>
    onChange(tick ? [...selected.filter((k) => k !== key), key] : selected.filter((k) => k !== key));
  return (
    <Column
      key="tick"
      header={
        <Checkbox
          aria-label="Select all"
          checked={allTicked}
          disabled={tickable.length === 0}
          onChange={(e) => toggleAll(Boolean(e.checked))}
        />
      }
      body={(row: T) => {
        const key = keyOf(row);
        return (
          <Checkbox
            aria-label={`Select ${labelOf(row)}`}
            checked={chosen.has(key)}
            disabled={isDisabled(row)}
            onChange={(e) => toggle(key, Boolean(e.checked))}
          />
        );
      }}
      headerStyle={{ width: '3rem' }}
    />
  );
}
