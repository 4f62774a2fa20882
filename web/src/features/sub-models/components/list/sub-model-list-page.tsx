import type { SubModelView } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { INPUT_DEFINITION_TYPE_LABELS } from '@shared/sub-models/model-input';
import { SECTION_TITLES, secondsToMinutes } from '@shared/sub-models/sub-model';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../../components/ui/page-title';
import { paths } from '../../../../config/paths';
import { formatDateTime } from '../../../../lib/format';
import { useWorkspace } from '../../../../lib/workspace';
import { subModelListQuery } from '../../api/sub-models-api';
import './list.css';

const byName = (a: SubModelView, b: SubModelView) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * /model/:modelUuid/:section/submodel-list (spec 001 §2): the section's sub-models sorted by name,
 * 'No SubModel was found' when there are none. Selecting a row (`?subModel=`) makes it the sidebar's
 * sub-model; its links open its input definitions and instances.
 */
export function SubModelListPage() {
  const { modelUuid, section, subModel, selectSubModel } = useWorkspace();
  usePageTitle(section ? SECTION_TITLES[section] : undefined);
  const list = useQuery({
    ...subModelListQuery(modelUuid, section ?? 'scenario'),
    enabled: Boolean(section),
  });
  const items = [...(list.data?.items ?? [])].sort(byName);

  return (
    <section className="mr-sub-model-list" aria-labelledby="mr-sub-model-list-title">
      <div className="mr-workspace__page-header">
        <h2 id="mr-sub-model-list-title" className="mr-workspace__page-title">
          Sub-model List
        </h2>
      </div>
      <DataTable
        value={items}
        dataKey="id"
        loading={list.isPending}
        selectionMode="single"
        metaKeySelection={false}
        selection={subModel ?? null}
        onSelectionChange={(e) => selectSubModel((e.value as SubModelView | null)?.id)}
        emptyMessage={SUB_MODEL_MESSAGES.noSubModelFound}
        size="small"
      >
        <Column field="name" header="Name" />
        <Column
          field="definitionType"
          header="Definition Type"
          body={(s: SubModelView) => INPUT_DEFINITION_TYPE_LABELS[s.definitionType]}
        />
        <Column field="environment" header="Environment" />
        <Column
          field="timeoutSeconds"
          header="Timeout (minutes)"
          body={(s: SubModelView) => secondsToMinutes(s.timeoutSeconds)}
        />
        <Column
          field="modifiedOn"
          header="Modified On"
          body={(s: SubModelView) => formatDateTime(s.modifiedOn)}
        />
        <Column
          header="Open"
          body={(s: SubModelView) => (
            <span className="mr-sub-model-list__links">
              <Link
                to={paths.inputDefinitionList.getHref(modelUuid, s.id)}
                aria-label={`Input definitions of ${s.name}`}
              >
                Input Definitions
              </Link>
              {s.type !== 'display' && (
                <Link to={paths.instanceList.getHref(modelUuid, s.id)} aria-label={`Instances of ${s.name}`}>
                  Instances
                </Link>
              )}
            </span>
          )}
        />
      </DataTable>
    </section>
  );
}

export default SubModelListPage;
