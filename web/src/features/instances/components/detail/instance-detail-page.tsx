import type { InstanceResult } from '@shared/schemas/execution-api';
import { INSTANCE_STATUS_LABELS, type InstanceStatus } from '@shared/submodels/instances';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { getInstanceResult, instanceDetailQuery, instanceKeys } from '../../api/instances-api';
import { JsonEditor } from '../json/json-editor';
import { formatCreationDate } from '../list/status-tag';
import '../instances.css';

/** The input data, pretty-printed; text that is not JSON is shown as it is. */
export function prettyInput(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** The execution error of a failed run as name/value pairs ('Execution Failed', spec 001 §8). */
export function errorPairs(error: InstanceResult['error']): [string, string][] {
  return error
    ? [
        ['Message', error.message],
        ['Code', error.code],
      ]
    : [];
}

/** Runs end failed or cancelled with an error to show. */
const WITH_ERROR: readonly InstanceStatus[] = ['FAILED', 'CANCELLED'];

/** /model/:modelUuid/instance/:scenarioId/detail (spec 001 §2): read-only input data and the error. */
export function InstanceDetailPage() {
  const { modelUuid = '', scenarioId = '' } = useParams();
  const navigate = useNavigate();
  usePageTitle('Instance Detail');
  const detail = useQuery(instanceDetailQuery(modelUuid, scenarioId));
  const status = detail.data?.status;
  const result = useQuery({
    queryKey: instanceKeys.result(modelUuid, scenarioId),
    queryFn: ({ signal }) => getInstanceResult(modelUuid, scenarioId, { signal }),
    enabled: status !== undefined && WITH_ERROR.includes(status),
  });

  if (detail.isPending) return <Spinner />;
  if (detail.isError)
    return detail.error instanceof ApiError && detail.error.status === 404 ? (
      <section className="mr-page">
        <h2>Instance not found</h2>
        <p className="mr-muted">This instance was not found. It may have been deleted.</p>
      </section>
    ) : null;
  const instance = detail.data;
  const error = WITH_ERROR.includes(instance.status) ? errorPairs(result.data?.error) : [];
  return (
    <section className="mr-page mr-instance-detail">
      <h2>{instance.name}</h2>
      <dl className="mr-instance-detail__facts">
        <div>
          <dt>Status</dt>
          <dd>{INSTANCE_STATUS_LABELS[instance.status]}</dd>
        </div>
        <div>
          <dt>Creator</dt>
          <dd>{instance.createdByName}</dd>
        </div>
        <div>
          <dt>Creation Date</dt>
          <dd>{formatCreationDate(instance.createdOn)}</dd>
        </div>
        {instance.label && (
          <div>
            <dt>Label</dt>
            <dd>{instance.label}</dd>
          </div>
        )}
      </dl>
      {error.length > 0 && (
        <section className="mr-instance-detail__error" aria-labelledby="mr-execution-error">
          <h3 id="mr-execution-error">Execution Failed</h3>
          <dl>
            {error.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <h3>Input Data</h3>
      <JsonEditor label="Input Data" value={prettyInput(instance.input.value)} readOnly />
      <div className="mr-instance-editor__footer">
        <Button
          type="button"
          label="Back to the list"
          outlined
          onClick={() =>
            navigate(paths.instanceList.getHref(modelUuid, instance.executionSetupId, instance.id))
          }
        />
        <Button
          type="button"
          label="Open the editor"
          icon="pi pi-pencil"
          onClick={() => navigate(paths.instanceEditor.getHref(modelUuid, instance.id))}
        />
      </div>
    </section>
  );
}

export default InstanceDetailPage;
