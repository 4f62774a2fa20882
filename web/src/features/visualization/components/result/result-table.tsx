import type { TableElement } from '@shared/schemas/run-result';
import { type TableCellModel, type TableLayout, toTableLayout } from '@shared/visualization';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useMemo, useRef } from 'react';
import { usePrinting } from './printing';

/** Tables with more body rows than this are virtualised: only the rows in view (and a margin) are in the DOM. */
export const VIRTUALIZE_AFTER_ROWS = 200;
/** Rows of a virtualised table have this fixed height (result.css), so none needs measuring. */
const ROW_PX = 33;
/** The height of a virtualised table's scroll box (result.css). */
const SCROLL_HEIGHT_PX = 560;

/**
 * Alignment by class (result.css) rather than an inline style on every cell: a style attribute is
 * parsed per element, and was a third of step 3's render time for a result of 5,000 cells.
 */
const ALIGN_CLASS = {
  left: 'mr-result-cell--left',
  center: 'mr-result-cell--center',
  right: 'mr-result-cell--right',
} as const;

function Cell({ cell }: { cell: TableCellModel }) {
  const style: CSSProperties | undefined =
    cell.indent > 0 ? { paddingLeft: `${0.5 + cell.indent * 1.25}rem` } : undefined;
  const spans = {
    colSpan: cell.colSpan > 1 ? cell.colSpan : undefined,
    rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
  };
  const className = ALIGN_CLASS[cell.align];
  return cell.th ? (
    <th {...spans} className={className} style={style} scope={cell.colSpan > 1 ? 'colgroup' : undefined}>
      {cell.text}
    </th>
  ) : (
    <td {...spans} className={className} style={style}>
      {cell.text}
    </td>
  );
}

function Row({ model, row }: { model: TableLayout; row: number }) {
  return (
    <tr>
      {model.row(row).map((cell) => (
        <Cell key={cell.column} cell={cell} />
      ))}
    </tr>
  );
}

/**
 * For each body row, the first row of the row spans that reach it: a virtual window starting inside a
 * span starts at the span's row instead, so the merged cell is drawn.
 */
function spanStarts(model: TableLayout): Int32Array {
  const starts = new Int32Array(model.rowCount);
  for (let row = 0; row < model.rowCount; row += 1) starts[row] = row;
  for (const merge of model.merges)
    for (let row = merge.row + 1; row < merge.row + merge.rowSpan && row < model.rowCount; row += 1)
      starts[row] = Math.min(starts[row] as number, merge.row);
  return starts;
}

/** The body rows to draw in a virtualised table: those in view, from the start of a row span reaching them. */
function VirtualBody({
  model,
  virtualizer,
}: {
  model: TableLayout;
  virtualizer: Virtualizer<HTMLElement, Element>;
}) {
  const starts = useMemo(() => spanStarts(model), [model]);
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return <tbody />;
  const from = (starts[first.index + model.headRowCount] as number) - model.headRowCount;
  const top = virtualizer.measurementsCache[from]?.start ?? first.start;
  const bottom = virtualizer.getTotalSize() - last.end;
  const rows: number[] = [];
  for (let index = from; index <= last.index; index += 1) rows.push(index);
  return (
    <tbody>
      {top > 0 && (
        <tr className="mr-result-table-spacer" style={{ height: top }}>
          <td colSpan={model.columnCount} />
        </tr>
      )}
      {rows.map((index) => (
        <Row key={index} model={model} row={index + model.headRowCount} />
      ))}
      {bottom > 0 && (
        <tr className="mr-result-table-spacer" style={{ height: bottom }}>
          <td colSpan={model.columnCount} />
        </tr>
      )}
    </tbody>
  );
}

/**
 * A result table with every cell option of spec 001 §3: header cells, column and row spans, alignment,
 * indentation, prefix and postfix, the head rows (tableHeadTillRow) sticky while the body scrolls,
 * title, caption and footnotes. Long tables (200,000 cells) are virtualised on screen and drawn whole
 * while the page is printed. Memoised: ticking a section or typing in the section search does not draw
 * the cells again.
 */
export const ResultTable = memo(function ResultTable({ element }: { element: TableElement }) {
  // Rows are built as they are drawn: a virtualised table of 200,000 cells builds the 60 in view.
  const model = useMemo(() => toTableLayout(element), [element]);
  const scroller = useRef<HTMLElement>(null);
  const bodyRowCount = model.rowCount - model.headRowCount;
  // Printed whole: a print holds every row, not the window in view (printing.ts).
  const printing = usePrinting();
  const virtual = bodyRowCount > VIRTUALIZE_AFTER_ROWS && !printing;
  // Here and not in VirtualBody: the scroll box's ref must be set before the virtualizer's layout effect
  // runs, which holds only in the component that renders the box.
  const virtualizer = useVirtualizer({
    count: virtual ? bodyRowCount : 0,
    enabled: virtual,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
    // jsdom and the first paint have no layout: draw a screenful rather than nothing.
    initialRect: { width: 1000, height: SCROLL_HEIGHT_PX },
  });
  const head = Array.from({ length: model.headRowCount }, (_, row) => row);
  const body = virtual
    ? []
    : Array.from({ length: model.rowCount - model.headRowCount }, (_, i) => i + model.headRowCount);
  return (
    <div className="mr-result-table">
      {model.title && <h3 className="mr-result-table-title">{model.title}</h3>}
      <section
        ref={scroller}
        className={
          virtual ? 'mr-result-table-scroll mr-result-table-scroll--virtual' : 'mr-result-table-scroll'
        }
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label={model.title ?? model.caption ?? 'Result table'}
      >
        <table data-row-count={model.rowCount}>
          {model.caption && <caption>{model.caption}</caption>}
          {head.length > 0 && (
            <thead>
              {head.map((row) => (
                <Row key={row} model={model} row={row} />
              ))}
            </thead>
          )}
          {virtual ? (
            <VirtualBody model={model} virtualizer={virtualizer} />
          ) : (
            <tbody>
              {body.map((row) => (
                <Row key={row} model={model} row={row} />
              ))}
            </tbody>
          )}
        </table>
      </section>
      {model.footnotes.length > 0 && (
        <ol className="mr-result-table-footnotes">
          {model.footnotes.map((note, index) => (
            // Footnotes are fixed for the table's life: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>{note}</li>
          ))}
        </ol>
      )}
    </div>
  );
});
