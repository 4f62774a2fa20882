import { isActiveRun } from '@shared/executions/execution-status';
import { MESSAGES } from '@shared/messages';
import type { InstanceResult } from '@shared/schemas/execution-api';
import { hasResults, INSTANCE_STATUS_LABELS, type InstanceStatus } from '@shared/sub-models/instances';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useNavigate, useParams } from 'react-router-dom';
import { instanceRecordQuery, instanceResultQuery } from '../../../../api/instance-results';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { type InstanceDetailView, instanceDetailQuery } from '../../api/instances-api';
import { serverMessages } from '../actions/execution-actions';
import { CALIBRATION_TEXTS, CalibrationUsed } from '../form/calibration-picker';
import { JsonEditor } from '../json/json-editor';
import { NonDeterministicWarning, RunLogs, RunNotes, RunRecordPanel } from './run-record';
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

/** A run ended: its result (or error), logs, notes and record can be read. */
const ranToEnd = (status: InstanceStatus) => hasResults(status) || WITH_ERROR.includes(status);

/*
 * Our texts for the run part of the page: the spec names the detail view's contents (input data and
 * the execution error) but has no words for an instance without a run or with one under way.
 */
export const RUN_STATE_TEXTS = {
  notExecuted: 'This scenario has not been executed yet.',
  running:
    'This scenario is being executed. Its run record, model output and notes appear here when the run ends.',
  resultFailed: 'The result of the run could not be loaded.',
  recordFailed: 'The reproducibility record could not be loaded.',
} as const;

/** The server's word for a missing record (a run cancelled before the model started has none). */
const recordMissing = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? serverMessages(error)[0] : undefined;

/**
 * The run of an instance (issue 11 §4): the notes, the non-deterministic warning, the reproducibility
 * record and the model's stdout and stderr. Nothing is asked of the server for a draft or while a
 * run is under way.
 */
function RunSection({
  uuid,
  instance,
  result,
}: {
  uuid: string;
  instance: InstanceDetailView;
  result: { data: InstanceResult | undefined; isPending: boolean; isError: boolean; error: unknown };
}) {
  const ended = ranToEnd(instance.status);
  const record = useQuery({
    ...instanceRecordQuery(uuid, instance.id, instance.lastGroupId),
    enabled: ended,
  });
  if (instance.status === 'DRAFT') return <p className="mr-muted">{RUN_STATE_TEXTS.notExecuted}</p>;
  if (isActiveRun(instance.status)) return <p className="mr-muted">{RUN_STATE_TEXTS.running}</p>;
  if (!ended) return null;
  return (
    <>
      {result.isPending && <Spinner label="Loading the run" />}
      {result.isError && (
        <p className="mr-error-text">{serverMessages(result.error)[0] ?? RUN_STATE_TEXTS.resultFailed}</p>
      )}
      {result.data && <RunNotes notes={result.data.notes} />}
      {record.isPending && <Spinner label="Loading the reproducibility record" />}
      {record.isError && (
        <p className={recordMissing(record.error) ? 'mr-muted' : 'mr-error-text'}>
          {recordMissing(record.error) ?? RUN_STATE_TEXTS.recordFailed}
        </p>
      )}
      {record.data && <NonDeterministicWarning view={record.data} />}
      {record.data && <RunRecordPanel view={record.data} outputFiles={result.data?.files ?? []} />}
      {result.data?.logs && <RunLogs logs={result.data.logs} failed={instance.status === 'FAILED'} />}
    </>
  );
}

/**
 * /model/:modelUuid/instance/:scenarioId/detail (spec 001 §2): read-only input data and the
 * execution error, and (issue 11 §4) the run's reproducibility record, model output and notes.
 */
export function InstanceDetailPage() {
  const { modelUuid = '', scenarioId = '' } = useParams();
  const navigate = useNavigate();
  usePageTitle('Instance Detail');
  const detail = useQuery(instanceDetailQuery(modelUuid, scenarioId));
  const status = detail.data?.status;
  const result = useQuery({
    ...instanceResultQuery(modelUuid, scenarioId, detail.data?.lastGroupId),
    enabled: status !== undefined && ranToEnd(status),
  });

  if (detail.isPending) return <Spinner />;
  if (detail.isError)
    return detail.error instanceof ApiError && detail.error.status === 404 ? (
      <section className="mr-page">
        <h2>Instance not found</h2>
        <p className="mr-muted">{MESSAGES.instanceNotFoundOrNoAccess}</p>
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
          <dd>{formatDate(instance.createdOn)}</dd>
        </div>
        {instance.label && (
          <div>
            <dt>Label</dt>
            <dd>{instance.label}</dd>
          </div>
        )}
        {instance.calibration && (
          <div>
            <dt>{CALIBRATION_TEXTS.label}</dt>
            <dd>
              <CalibrationUsed calibration={instance.calibration} />
            </dd>
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
      <RunSection uuid={modelUuid} instance={instance} result={result} />
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
