import { MacroSummarySchema } from '@shared/diffs/macros';
import { SpreadsheetDiffOverviewSchema } from '@shared/diffs/spreadsheet';
import { useQuery } from '@tanstack/react-query';
import { TabPanel, TabView } from 'primereact/tabview';
import * as z from 'zod/mini';
import { type DiffSource, fileDiffQuery } from '../../../../api/versions';
import { Spinner } from '../../../../components/ui/spinner';
import type { SheetDiffTab, VersionUrlState } from '../../version-url-state';
import { DiffFailed, SomeDiffsMissing } from './diff-messages';
import { MacrosPanel } from './macros-panel';
import { OverviewPanel } from './overview-panel';
import { SheetsPanel } from './sheets-panel';

const TABS: readonly SheetDiffTab[] = ['overview', 'sheets', 'macros'];

/** The stored overview with the engine's macro list (shared/diffs/macros.ts) beside the sheets. */
const OverviewWithMacrosSchema = z.extend(SpreadsheetDiffOverviewSchema, {
  macros: z._default(z.array(MacroSummarySchema), []),
  /** Why the VBA project could not be read (the sheets were still compared). */
  macrosError: z.optional(z.string()),
});

/**
 * The comparison of two workbooks (000 §2, issue 18 §4): tabs Overview, Sheets and Macros. The server
 * answers 202 while it computes the diff; the query then asks again after the Retry-After it was
 * given (api/versions.ts), so the view fills in when the diff is ready without a reload.
 */
export function SpreadsheetDiffView({
  source,
  state,
  update,
}: {
  source: DiffSource;
  state: VersionUrlState;
  update: (next: (current: VersionUrlState) => VersionUrlState) => void;
}) {
  const query = useQuery(fileDiffQuery(source.uuid, source.fileUuid, source.otherUuid, source.otherFileUuid));
  if (query.isPending) return <Spinner label="Loading the workbook comparison" />;
  if (query.isError || query.data.kind !== 'spreadsheet') return <DiffFailed error={query.error} />;
  if (query.data.status === 'PENDING') return <SomeDiffsMissing />;
  const parsed = OverviewWithMacrosSchema.safeParse(query.data.overview);
  if (!parsed.success) return <DiffFailed />;
  const overview = parsed.data;
  const activeIndex = TABS.indexOf(state.diffTab);
  const openSheet = (sheet: string) =>
    update((s) => ({ ...s, diffTab: 'sheets', sheet, page: 1, cell: undefined }));
  const openMacro = (macro: string) => update((s) => ({ ...s, diffTab: 'macros', macro }));

  return (
    <TabView
      className="mr-sheet-diff"
      activeIndex={activeIndex}
      onTabChange={(e) => update((s) => ({ ...s, diffTab: TABS[e.index] ?? 'overview' }))}
    >
      <TabPanel header="Overview">
        <OverviewPanel overview={overview} onOpenSheet={openSheet} onOpenMacro={openMacro} />
      </TabPanel>
      <TabPanel header="Sheets">
        {state.diffTab === 'sheets' && (
          <SheetsPanel source={source} sheets={overview.sheets} state={state} update={update} />
        )}
      </TabPanel>
      <TabPanel header="Macros">
        {state.diffTab === 'macros' && (
          <MacrosPanel
            source={source}
            macros={overview.macros}
            macrosError={overview.macrosError}
            state={state}
            update={update}
          />
        )}
      </TabPanel>
    </TabView>
  );
}
