import type { MacroSummary } from '@shared/diffs/macros';
import type { SheetStatus, SpreadsheetDiffOverview } from '@shared/diffs/spreadsheet';

/** The stored overview with the engine's macro list (shared/diffs/macros.ts) beside the sheets. */
export type WorkbookOverview = SpreadsheetDiffOverview & { macros: MacroSummary[]; macrosError?: string };

const SHEET_STATUS: readonly SheetStatus[] = ['added', 'removed', 'renamed', 'changed', 'unchanged'];
const NOT_COMPARED_LABELS = {
  charts: 'Charts',
  'pivot-tables': 'Pivot tables',
  'conditional-formats': 'Conditional formats',
} as const;

/**
 * Overview of a workbook comparison: sheets added, removed, renamed and changed with their counts,
 * defined names changed, VBA modules changed, and plainly what was not compared.
 */
export function OverviewPanel({
  overview,
  onOpenSheet,
  onOpenMacro,
}: {
  overview: WorkbookOverview;
  onOpenSheet: (sheet: string) => void;
  onOpenMacro: (module: string) => void;
}) {
  const counts = SHEET_STATUS.map((s) => [s, overview.sheets.filter((x) => x.status === s).length] as const);
  const changedMacros = overview.macros.filter((m: MacroSummary) => m.status !== 'unchanged');
  const notCompared = overview.notCompared.filter((n) => n.old > 0 || n.new > 0);
  return (
    <div className="mr-sheet-overview">
      <section aria-labelledby="mr-overview-sheets">
        <h4 id="mr-overview-sheets">Sheets</h4>
        <p>
          {counts
            .filter(([, n]) => n > 0)
            .map(([status, n]) => `${n} ${status}`)
            .join(', ') || 'No sheets'}
        </p>
        <table className="mr-sheet-overview__table">
          <thead>
            <tr>
              <th scope="col">Sheet</th>
              <th scope="col">Status</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {overview.sheets.map((sheet) => (
              <tr key={sheet.id}>
                <td>
                  <button type="button" className="mr-link-button" onClick={() => onOpenSheet(sheet.id)}>
                    {sheet.oldName ? `${sheet.oldName} → ${sheet.name}` : sheet.name}
                  </button>
                </td>
                <td className={`mr-sheet-status mr-sheet-status--${sheet.status}`}>{sheet.status}</td>
                <td>{sheet.diffCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="mr-overview-names">
        <h4 id="mr-overview-names">Defined names</h4>
        {overview.definedNames.length === 0 ? (
          <p>No defined name changed.</p>
        ) : (
          <ul>
            {overview.definedNames.map((n) => (
              <li key={`${n.scope ?? ''}!${n.name}`}>
                <strong>{n.scope ? `${n.scope}!${n.name}` : n.name}</strong> {n.status}
                {n.status === 'changed'
                  ? `: ${n.old} → ${n.new}`
                  : n.status === 'added'
                    ? `: ${n.new}`
                    : `: ${n.old}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mr-overview-macros">
        <h4 id="mr-overview-macros">VBA modules</h4>
        {overview.macrosError && <p role="status">{overview.macrosError}</p>}
        {changedMacros.length === 0 ? (
          !overview.macrosError && (
            <p>
              {overview.macros.length === 0 ? 'Neither workbook has VBA modules.' : 'No VBA module changed.'}
            </p>
          )
        ) : (
          <ul>
            {changedMacros.map((m) => (
              <li key={m.name}>
                <button type="button" className="mr-link-button" onClick={() => onOpenMacro(m.name)}>
                  {m.name}
                </button>{' '}
                {m.status}
                {m.status === 'changed' ? ` (+${m.linesAdded} −${m.linesRemoved})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mr-overview-not-compared">
        <h4 id="mr-overview-not-compared">Not compared</h4>
        <p>
          Charts, pivot tables and conditional formats are not compared.
          {notCompared.length > 0 &&
            ` These workbooks hold ${notCompared
              .map((n) => `${NOT_COMPARED_LABELS[n.kind].toLowerCase()} (A: ${n.old}, B: ${n.new})`)
              .join(', ')}.`}
        </p>
        <p>Number formats are not read: dates are compared as the numbers Excel stores.</p>
      </section>
    </div>
  );
}
