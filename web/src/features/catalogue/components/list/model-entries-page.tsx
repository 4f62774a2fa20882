import { MESSAGES } from '@shared/messages';
import type { ModelListPage } from '@shared/schemas/model-api';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { modelKeys } from '../../../../api/models';
import { usePageTitle } from '../../../../components/ui/page-title';
import type { CataloguePanels } from '../catalogue-panels';
import { DynamicView } from '../dynamic-view/dynamic-view';
import { ListFilterPanel } from './list-filter-panel';
import { ModelSearchInput } from './model-search-input';
import { ModelsTable } from './models-table';
import { useListUrlState } from './use-list-url-state';
import './model-list.css';

/**
 * /model: the model list with its Table View and Dynamic View tabs (000 §2). The action sidebar and
 * the download dialog come from web/src/app (`panels`): features do not import each other.
 */
export function ModelEntriesPage({ panels: { ActionSidebar, DownloadDialog } }: { panels: CataloguePanels }) {
  usePageTitle('Model Entries');
  const { state, update, patchQuery } = useListUrlState();
  const queryClient = useQueryClient();
  const { query } = state;
  const mine = query.view === 'mine';
  const deselect = () => update((s) => ({ ...s, selected: undefined }));
  // The list row already says whether the caller only previews the selected entry.
  const selectedSummary = queryClient
    .getQueryData<ModelListPage>(modelKeys.list(query))
    ?.items.find((m) => m.uuid === state.selected);

  return (
    <section className="mr-page mr-models-page">
      <h1 className="mr-visually-hidden">Model Entries</h1>
      <TabView
        activeIndex={state.tab === 'dynamic' ? 1 : 0}
        onTabChange={(e) => update((s) => ({ ...s, tab: e.index === 1 ? 'dynamic' : 'table' }))}
      >
        <TabPanel header="Table View">
          <div className="mr-models-layout">
            <div className="mr-models-main">
              <div className="mr-models-toolbar">
                <ModelSearchInput value={query.search ?? ''} onSearch={(search) => patchQuery({ search })} />
                <Button
                  type="button"
                  label={mine ? MESSAGES.viewAllModelEntries : MESSAGES.viewMyModelEntries}
                  icon={mine ? 'pi pi-list' : 'pi pi-user'}
                  outlined
                  onClick={() => patchQuery({ view: mine ? 'all' : 'mine' })}
                />
              </div>
              <ListFilterPanel query={query} onChange={patchQuery} />
              <ModelsTable
                query={query}
                onQueryChange={patchQuery}
                selected={state.selected}
                onSelect={(uuid) => update((s) => ({ ...s, selected: uuid }))}
              />
            </div>
            <ActionSidebar
              uuid={state.selected}
              previewOnly={selectedSummary?.previewOnly}
              onDeleted={deselect}
              // A retired entry leaves the list unless the list shows retired entries too: the
              // sidebar stops offering actions for a row that is no longer there.
              onRetired={() => {
                if (!query.status?.includes('RETIRED')) deselect();
              }}
            />
          </div>
        </TabPanel>
        <TabPanel header="Dynamic View">
          <DynamicView
            filters={state.filters}
            onFiltersChange={(filters) => update((s) => ({ ...s, filters }))}
            DownloadDialog={DownloadDialog}
          />
        </TabPanel>
      </TabView>
    </section>
  );
}
