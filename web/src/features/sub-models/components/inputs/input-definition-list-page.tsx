import type { ModelInputView } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { INPUT_DEFINITION_TYPE_LABELS } from '@shared/sub-models/model-input';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../../components/ui/page-title';
import { paths } from '../../../../config/paths';
import { formatDateTime } from '../../../../lib/format';
import { useWorkspace } from '../../../../lib/workspace';
import { inputsQuery } from '../../api/sub-models-api';
import '../list/list.css';

/**
 * /model/:modelUuid/sub-model/:subModelId/input-definition-list (spec 001 §2): the sub-model's input
 * definitions, newest first, 'No Input Definition was found' when there are none; each opens the
 * input definition editor.
 */
export function InputDefinitionListPage() {
  const { modelUuid } = useWorkspace();
  const { subModelId = '' } = useParams();
  usePageTitle('Input Definitions');
  const inputs = useQuery(inputsQuery(modelUuid, subModelId));

  return (
    <section className="mr-input-list" aria-labelledby="mr-input-list-title">
      <div className="mr-workspace__page-header">
        <h2 id="mr-input-list-title" className="mr-workspace__page-title">
          Input Definitions
        </h2>
      </div>
      <DataTable
        value={inputs.data?.items ?? []}
        dataKey="id"
        loading={inputs.isPending}
        emptyMessage={SUB_MODEL_MESSAGES.noInputDefinitionFound}
        size="small"
      >
        <Column field="name" header="Name" />
        <Column
          field="type"
          header="Type"
          body={(i: ModelInputView) => INPUT_DEFINITION_TYPE_LABELS[i.type]}
        />
        <Column
          field="valid"
          header="State"
          body={(i: ModelInputView) =>
            i.valid ? <Tag value="Valid" severity="success" /> : <Tag value="Not valid" severity="danger" />
          }
        />
        <Column
          field="modifiedOn"
          header="Modified On"
          body={(i: ModelInputView) => formatDateTime(i.modifiedOn)}
        />
        <Column
          header="Open"
          body={(i: ModelInputView) => (
            <Link
              to={paths.inputDefinitionEditor.getHref(modelUuid, subModelId, i.id)}
              aria-label={`Edit input definition ${i.name}`}
            >
              Edit
            </Link>
          )}
        />
      </DataTable>
    </section>
  );
}

export default InputDefinitionListPage;
