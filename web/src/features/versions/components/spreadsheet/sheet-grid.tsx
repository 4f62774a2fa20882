import type {
  AlignedColumn,
  AlignedRow,
  Cell,
  CellDiff,
  DiffTag,
  SheetDiffPage,
} from '@shared/diffs/spreadsheet';
import { useEffect, useRef } from 'react';
import type { PaneView } from '../../version-url-state';

/** A cell's address as the reviewer reads it: the new sheet's, or the old one's for what was deleted. */
export function cellAddress(
  column: AlignedColumn | undefined,
  row: AlignedRow | undefined,
): string | undefined {
  const letter = column?.new ?? column?.old;
  const number = row?.new ?? row?.old;
  return letter && number ? `${letter}${number}` : undefined;
}

const TAG_LABELS: Record<DiffTag, string> = {
  equal: 'unchanged',
  plus: 'added',
  minus: 'removed',
  tilde: 'changed',
};

function cellText(cell: Cell | undefined): string {
  if (!cell) return '';
  if (cell.kind === 'boolean') return cell.value ? 'TRUE' : 'FALSE';
  return String(cell.value);
}

/** A value with its formula beside it (issue 18 §4: a formula change and a value change both shown). */
function CellContent({ cell }: { cell: Cell | undefined }) {
  if (!cell) return null;
  return (
    <>
      <span className="mr-sheet-grid__value">{cellText(cell)}</span>
      {cell.formula !== undefined && <span className="mr-sheet-grid__formula">={cell.formula}</span>}
    </>
  );
}

function cellTag(diff: CellDiff | null | undefined, row: AlignedRow, column: AlignedColumn): DiffTag {
  if (row.tag !== 'equal' && row.tag !== 'tilde') return row.tag;
  if (column.tag === 'plus' || column.tag === 'minus') return column.tag;
  return diff?.tag ?? 'equal';
}

function Grid({
  page,
  side,
  focused,
  label,
}: {
  page: SheetDiffPage;
  /** Which file's content the grid shows; `both` puts old → new into changed cells. */
  side: 'old' | 'new' | 'both';
  focused?: string;
  label: string;
}) {
  const columns = page.columns.filter((c) => side === 'both' || c[side] !== null);
  return (
    <table className="mr-sheet-grid" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">
            <span className="mr-visually-hidden">Row</span>
          </th>
          {columns.map((c) => (
            <th key={`${c.old}>${c.new}`} scope="col" className={`mr-diff--${c.tag}`}>
              {side === 'both' ? (c.new ?? c.old) : c[side]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {page.cellDiff.map((row) => {
          const number = side === 'both' ? (row.new ?? row.old) : row[side];
          return (
            <tr key={`${row.old}>${row.new}`} className={`mr-diff--${row.tag}`}>
              <th scope="row">{number ?? ''}</th>
              {columns.map((column) => {
                const diff = row.cells[page.columns.indexOf(column)];
                const tag = cellTag(diff, row, column);
                const address = cellAddress(column, row);
                const absent = side !== 'both' && number === null;
                return (
                  <td
                    key={`${column.old}>${column.new}`}
                    className={[
                      `mr-diff--${absent ? 'absent' : tag}`,
                      address && address === focused ? 'mr-sheet-grid__cell--focused' : '',
                    ].join(' ')}
                    data-cell={address}
                    data-tag={tag}
                    title={tag === 'equal' || absent ? undefined : `${address}: ${TAG_LABELS[tag]}`}
                  >
                    {absent ? null : side === 'both' ? (
                      tag === 'tilde' ? (
                        <>
                          <span className="mr-sheet-grid__old">
                            <CellContent cell={diff?.old} />
                          </span>
                          <span className="mr-visually-hidden"> changed to </span>
                          <span aria-hidden="true"> → </span>
                          <CellContent cell={diff?.new} />
                        </>
                      ) : (
                        <CellContent cell={diff?.new ?? diff?.old} />
                      )
                    ) : (
                      <CellContent cell={diff?.[side]} />
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * One page of a sheet's comparison: each cell tagged equal, plus, minus or tilde (000 §3). 'Single
 * Pane View' shows one grid with old → new in changed cells; 'Double Pane View' the old sheet beside
 * the new one, rows aligned. The focused cell scrolls into view.
 */
export function SheetGrid({
  page,
  pane,
  focused,
}: {
  page: SheetDiffPage;
  pane: PaneView;
  focused?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is new DOM: find the cell again.
  useEffect(() => {
    if (!focused) return;
    const cell = host.current?.querySelector(`[data-cell="${focused}"]`);
    cell?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, [focused, page]);
  return (
    <div ref={host} className={`mr-sheet-grids mr-sheet-grids--${pane}`}>
      {pane === 'single' ? (
        <Grid page={page} side="both" focused={focused} label={`${page.sheet}: changes`} />
      ) : (
        <>
          <Grid page={page} side="old" focused={focused} label={`${page.sheet}: version A`} />
          <Grid page={page} side="new" focused={focused} label={`${page.sheet}: version B`} />
        </>
      )}
    </div>
  );
}
