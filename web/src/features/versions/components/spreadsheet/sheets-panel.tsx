import type { SheetSummary } from '@shared/diffs/spreadsheet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type DiffSource, DiffStillComputingError, sheetPageQuery } from '../../../../api/versions';
import { Spinner } from '../../../../components/ui/spinner';
import type { VersionUrlState } from '../../version-url-state';
import { DiffFailed, SomeDiffsMissing } from './diff-messages';
import { SheetGrid } from './sheet-grid';
import { changeAnchors, rowAnchors, type Step, step } from './sheet-navigation';
import { useSheetsInSequence } from './use-sheets-in-sequence';

type Update = (next: (current: VersionUrlState) => VersionUrlState) => void;

/** The sheet a link names, else the first with changes, else the first. */
function currentSheet(sheets: readonly SheetSummary[], wanted: string | undefined): SheetSummary | undefined {
  return sheets.find((s) => s.id === wanted) ?? sheets.find((s) => s.diffCount > 0) ?? sheets[0];
}

/**
 * The Sheets tab: a tab per sheet (with its count of changes), the page's grid, 'Single Pane View' /
 * 'Double Pane View', pages of 200 rows, and previous/next change, row and tab navigation (hidden
 * with fewer than 2 changes, 000 §4). The page and the focused cell are in the URL.
 */
export function SheetsPanel({
  source,
  sheets,
  state,
  update,
}: {
  source: DiffSource;
  sheets: readonly SheetSummary[];
  state: VersionUrlState;
  update: Update;
}) {
  const sequence = useSheetsInSequence(source, sheets);
  const sheet = currentSheet(sheets, state.sheet);
  const pageIndex = state.page - 1;
  const query = useQuery({
    ...sheetPageQuery(source, sheet?.id ?? '', pageIndex),
    enabled: !!sheet,
    placeholderData: keepPreviousData,
  });
  // After a step to another page: which of its changes to focus once it is there.
  const [focusOnLoad, setFocusOnLoad] = useState<'first' | 'last' | undefined>();
  const page =
    query.data?.sheet === sheet?.id && query.data?.pageIndex === pageIndex ? query.data : undefined;

  useEffect(() => {
    if (!page || !focusOnLoad) return;
    const anchors = changeAnchors(page);
    const cell = focusOnLoad === 'first' ? anchors[0] : anchors[anchors.length - 1];
    setFocusOnLoad(undefined);
    if (cell) update((s) => ({ ...s, cell }));
  }, [page, focusOnLoad, update]);

  if (!sheet) return <p className="mr-versions__empty">Neither workbook has sheets.</p>;
  const sheetIndex = sheets.indexOf(sheet);
  const changedSheets = sheets.filter((s) => s.diffCount > 0);
  const totalChanges = changedSheets.reduce((n, s) => n + s.diffCount, 0);

  const go = (to: Step) => {
    if (!to) return;
    if ('cell' in to) update((s) => ({ ...s, cell: to.cell }));
    else {
      setFocusOnLoad(to.focus);
      update((s) => ({ ...s, page: to.pageIndex + 1, cell: undefined }));
    }
  };
  const openSheet = (id: string) => update((s) => ({ ...s, sheet: id, page: 1, cell: undefined }));
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = sheets.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? (sheetIndex + 1) % sheets.length
        : e.key === 'ArrowLeft'
          ? (sheetIndex - 1 + sheets.length) % sheets.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined;
    const target = to === undefined ? undefined : sheets[to];
    if (!target) return;
    e.preventDefault();
    openSheet(target.id);
    const tabs = e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]');
    tabs[to as number]?.focus();
  };
  const neighbourSheet = (direction: 1 | -1) => {
    const at = changedSheets.indexOf(sheet);
    const from = at >= 0 ? at : direction === 1 ? -1 : changedSheets.length;
    return changedSheets[from + direction];
  };

  return (
    <div className="mr-sheets">
      {(sequence.running || sequence.failed.length > 0) && (
        <div className="mr-sheets__sequence">
          {sequence.running && (
            <>
              <span role="status">
                Loading sheet {Math.min(sequence.done + 1, sequence.total)} of {sequence.total}
              </span>
              <ProgressBar
                value={Math.round((sequence.done / Math.max(sequence.total, 1)) * 100)}
                showValue={false}
              />
              <Button label="Cancel" size="small" text onClick={sequence.cancel} />
            </>
          )}
          {sequence.failed.length > 0 && <SomeDiffsMissing />}
        </div>
      )}

      {/* WAI-ARIA tabs: Tab reaches the open sheet, arrows (Home, End) open the others. */}
      <div className="mr-sheets__tabs" role="tablist" aria-label="Sheets" onKeyDown={onTabKey}>
        {sheets.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={s === sheet}
            tabIndex={s === sheet ? 0 : -1}
            className={`mr-sheets__tab mr-sheet-status--${s.status}`}
            onClick={() => openSheet(s.id)}
          >
            {s.name}
            {s.diffCount > 0 && <span className="mr-sheets__count"> ({s.diffCount})</span>}
          </button>
        ))}
      </div>

      <div className="mr-sheets__toolbar">
        <fieldset className="mr-sheets__panes" aria-label="Pane view">
          {(['single', 'double'] as const).map((pane) => (
            <Button
              key={pane}
              label={pane === 'single' ? 'Single Pane View' : 'Double Pane View'}
              size="small"
              outlined={state.pane !== pane}
              aria-pressed={state.pane === pane}
              onClick={() => update((s) => ({ ...s, pane }))}
            />
          ))}
        </fieldset>
        {totalChanges >= 2 && page && (
          <nav className="mr-sheets__nav" aria-label="Change navigation">
            <Button
              label="Previous change"
              icon="pi pi-chevron-up"
              size="small"
              text
              disabled={!step(page, changeAnchors(page), state.cell, -1)}
              onClick={() => go(step(page, changeAnchors(page), state.cell, -1))}
            />
            <Button
              label="Next change"
              icon="pi pi-chevron-down"
              size="small"
              text
              disabled={!step(page, changeAnchors(page), state.cell, 1)}
              onClick={() => go(step(page, changeAnchors(page), state.cell, 1))}
            />
            <Button
              label="Previous row"
              size="small"
              text
              disabled={!step(page, rowAnchors(page), state.cell, -1)}
              onClick={() => go(step(page, rowAnchors(page), state.cell, -1))}
            />
            <Button
              label="Next row"
              size="small"
              text
              disabled={!step(page, rowAnchors(page), state.cell, 1)}
              onClick={() => go(step(page, rowAnchors(page), state.cell, 1))}
            />
            <Button
              label="Previous tab"
              size="small"
              text
              disabled={!neighbourSheet(-1)}
              onClick={() => {
                const s = neighbourSheet(-1);
                if (s) openSheet(s.id);
              }}
            />
            <Button
              label="Next tab"
              size="small"
              text
              disabled={!neighbourSheet(1)}
              onClick={() => {
                const s = neighbourSheet(1);
                if (s) openSheet(s.id);
              }}
            />
          </nav>
        )}
      </div>

      {query.isError ? (
        query.error instanceof DiffStillComputingError ? (
          <SomeDiffsMissing />
        ) : (
          <DiffFailed error={query.error} />
        )
      ) : !page ? (
        <Spinner label={`Loading ${sheet.name}`} />
      ) : (
        <>
          <p className="mr-sheets__summary">
            {sheet.oldName ? `${sheet.oldName} → ${sheet.name}` : sheet.name}: {page.diffCount}{' '}
            {page.diffCount === 1 ? 'change' : 'changes'}
            {page.rowDiff.inserted.length > 0 && `, rows inserted ${page.rowDiff.inserted.join(', ')}`}
            {page.rowDiff.deleted.length > 0 && `, rows deleted ${page.rowDiff.deleted.join(', ')}`}
            {page.columnDiff.inserted.length > 0 &&
              `, columns inserted ${page.columnDiff.inserted.join(', ')}`}
            {page.columnDiff.deleted.length > 0 && `, columns deleted ${page.columnDiff.deleted.join(', ')}`}
          </p>
          {page.diffs.length > 0 && (
            <ul className="mr-sheets__changes" aria-label="Changes on this page">
              {page.diffs.map((d) => (
                <li key={d.index}>{d.summary}</li>
              ))}
            </ul>
          )}
          <SheetGrid page={page} pane={state.pane} focused={state.cell} />
          <Pager
            pageIndex={page.pageIndex}
            maxPageIndex={page.maxPageIndex}
            onPage={(index) => update((s) => ({ ...s, page: index + 1, cell: undefined }))}
          />
        </>
      )}
      <span className="mr-visually-hidden" aria-live="polite">
        {`Sheet ${sheetIndex + 1} of ${sheets.length}`}
      </span>
    </div>
  );
}

/** Pages of 200 rows (000 §9) with their indexes. */
function Pager({
  pageIndex,
  maxPageIndex,
  onPage,
}: {
  pageIndex: number;
  maxPageIndex: number;
  onPage: (index: number) => void;
}) {
  if (maxPageIndex < 1) return null;
  const near = [
    ...new Set([0, pageIndex - 2, pageIndex - 1, pageIndex, pageIndex + 1, pageIndex + 2, maxPageIndex]),
  ]
    .filter((i) => i >= 0 && i <= maxPageIndex)
    .sort((a, b) => a - b);
  return (
    <nav className="mr-sheets__pager" aria-label="Pages">
      <Button
        icon="pi pi-angle-left"
        size="small"
        text
        aria-label="Previous page"
        disabled={pageIndex === 0}
        onClick={() => onPage(pageIndex - 1)}
      />
      {near.map((i) => (
        <Button
          key={i}
          label={String(i + 1)}
          size="small"
          text={i !== pageIndex}
          aria-current={i === pageIndex ? 'page' : undefined}
          aria-label={`Page ${i + 1} of ${maxPageIndex + 1}`}
          onClick={() => onPage(i)}
        />
      ))}
      <Button
        icon="pi pi-angle-right"
        size="small"
        text
        aria-label="Next page"
        disabled={pageIndex === maxPageIndex}
        onClick={() => onPage(pageIndex + 1)}
      />
    </nav>
  );
}
