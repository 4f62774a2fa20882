import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import type { CompareVersion } from '@shared/schemas/compare';
import {
  type CellChange,
  type CompareResults,
  RESULT_COMPARE_TEXTS,
  type ResultPair,
  type ResultSide,
  type TableChange,
} from '@shared/schemas/result-compare';
import { INSTANCE_STATUS_LABELS } from '@shared/sub-models/instances';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { executeInstance } from '../../../../api/executions';
import { compareResultsQuery, versionResultsKeys } from '../../../../api/version-results';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-errors';
import { formatAbsoluteChange, formatRelativeChange, formatResultNumber } from '../../../../lib/format';
import { notify } from '../../../../lib/message-stack';

/** Headlines shown per scenario pair: its largest changes. */
const HEADLINES = 5;

type CellValue = CellChange['before'];

const versionLabel = (tag: string, version: CompareVersion) =>
  `${tag}${version.version ? ` (Version ${version.version})` : ''}`;

const showValue = (value: CellValue) =>
  value === undefined || value === null
    ? ''
    : typeof value === 'number'
      ? formatResultNumber(value)
      : String(value);

/**
 * The Results section of compare mode (issue 18 §6): for every scenario (same sub-model type, sub-model
 * name and instance name) with a finished run in both versions, its largest changes as headlines and
 * its result tables side by side with the change of every numeric cell; a scenario that ran on one
 * side only says what the other side needs and offers Execute there, or a link to its instances.
 */
export function ResultsComparison({ before, after }: { before: CompareVersion; after: CompareVersion }) {
  const query = useQuery(compareResultsQuery(before.uuid, after.uuid));
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: versionResultsKeys.results(before.uuid, after.uuid) });
  return (
    <section className="mr-results" aria-labelledby="mr-results-title">
      <h3 id="mr-results-title">Results</h3>
      {query.isPending ? (
        <Spinner label="Comparing results" />
      ) : query.isError ? (
        <p role="alert">The results of the two versions could not be compared.</p>
      ) : (
        <ResultsBody data={query.data} before={before} after={after} refresh={refresh} />
      )}
    </section>
  );
}

interface Sides {
  before: CompareVersion;
  after: CompareVersion;
  /** Reads the comparison again (after an Execute). */
  refresh: () => void;
}

function ResultsBody({ data, ...sides }: Sides & { data: CompareResults }) {
  if (!data.applicable) return <p className="mr-versions__empty">{RESULT_COMPARE_TEXTS.notApplicable}</p>;
  if (data.pairs.length === 0) return <p className="mr-versions__empty">{RESULT_COMPARE_TEXTS.empty}</p>;
  return (
    <>
      {data.pairs.map((pair) => (
        <ScenarioPair key={`${pair.subModelType}:${pair.subModelName}:${pair.name}`} pair={pair} {...sides} />
      ))}
    </>
  );
}

function ScenarioPair({ pair, ...sides }: Sides & { pair: ResultPair }) {
  const headingId = `mr-results-${pair.subModelType}-${pair.before?.instanceId ?? ''}-${pair.after?.instanceId ?? ''}`;
  return (
    <article className="mr-results__pair" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {pair.name} <span className="mr-results__sub-model">({pair.subModelName})</span>
      </h4>
      {pair.ranOn === 'both' ? <BothRan pair={pair} {...sides} /> : <OneSideRan pair={pair} {...sides} />}
    </article>
  );
}

function BothRan({ pair, before, after }: Sides & { pair: ResultPair }) {
  const changes = pair.changes ?? [];
  if (pair.problem) return <p className="mr-versions__empty">{pair.problem}</p>;
  return (
    <>
      {changes.length === 0 ? (
        <p className="mr-versions__empty">{RESULT_COMPARE_TEXTS.noChanges}</p>
      ) : (
        <ol className="mr-results__headlines" aria-label={`Largest changes of ${pair.name}`}>
          {changes.slice(0, HEADLINES).map((change) => (
            <li key={`${change.table}\u0000${change.row}\u0000${change.column}`}>
              <span className="mr-results__table-name">{change.table}:</span> {change.headline}
            </li>
          ))}
        </ol>
      )}
      {changes.length > HEADLINES && (
        <p className="mr-results__more">
          {changes.length - HEADLINES} more changed {changes.length - HEADLINES === 1 ? 'value' : 'values'} in
          the tables below.
        </p>
      )}
      <details className="mr-results__tables">
        <summary>
          Result tables side by side ({versionLabel('A', before)} and {versionLabel('B', after)})
        </summary>
        {(pair.tables ?? []).map((table) => (
          <TableSideBySide key={table.title} table={table} />
        ))}
      </details>
    </>
  );
}

function changeText(cell: CellChange | undefined): string {
  if (!cell?.changed) return '';
  if (cell.absolute === undefined) return 'changed';
  const relative = cell.relative !== undefined ? ` (${formatRelativeChange(cell.relative)})` : '';
  return `${formatAbsoluteChange(cell.absolute)}${relative}`;
}

/** One result table: per value column, A, B and the change; a row only in one version says so. */
function TableSideBySide({ table }: { table: TableChange }) {
  const [labelColumn, ...valueColumns] = table.columns;
  const presence = { both: '', added: ' (only in B)', removed: ' (only in A)' } as const;
  if (table.tooLarge)
    return (
      <p className="mr-versions__empty">
        {table.title}: too large to compare here; open each version's result to see it.
      </p>
    );
  return (
    <table className="mr-results__table">
      <caption>
        {table.title}
        {presence[table.status]}
      </caption>
      <thead>
        <tr>
          <th scope="col">{labelColumn ?? ''}</th>
          {valueColumns.map((column) => (
            <th scope="colgroup" colSpan={3} key={column}>
              {column}
            </th>
          ))}
        </tr>
        <tr>
          <td />
          {valueColumns.map((column) => [
            <th scope="col" key={`${column}-a`}>
              A
            </th>,
            <th scope="col" key={`${column}-b`}>
              B
            </th>,
            <th scope="col" key={`${column}-change`}>
              Change
            </th>,
          ])}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => {
          const byColumn = new Map(row.cells.map((c) => [c.column, c]));
          return (
            <tr key={row.label} className={`mr-results__row--${row.status}`}>
              <th scope="row">
                {row.label}
                {presence[row.status]}
              </th>
              {valueColumns.map((column) => {
                const cell = byColumn.get(column);
                const changed = cell?.changed ? ' mr-results__cell--changed' : '';
                return [
                  <td key={`${column}-a`} className={`mr-results__value${changed}`}>
                    {showValue(cell?.before)}
                  </td>,
                  <td key={`${column}-b`} className={`mr-results__value${changed}`}>
                    {showValue(cell?.after)}
                  </td>,
                  <td key={`${column}-change`} className="mr-results__change">
                    {changeText(cell)}
                  </td>,
                ];
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function OneSideRan({ pair, before, after, refresh }: Sides & { pair: ResultPair }) {
  const [ranIn, notIn, notInSide] =
    pair.ranOn === 'before'
      ? [versionLabel('A', before), after, { tag: 'B', side: pair.after }]
      : [versionLabel('B', after), before, { tag: 'A', side: pair.before }];
  const otherLabel = versionLabel(notInSide.tag, notIn);
  return (
    <>
      <p>
        Ran only in {ranIn}.{' '}
        {pair.missing
          ? RESULT_COMPARE_TEXTS.missing(pair.missing, otherLabel, pair.subModelName, pair.name)
          : ''}
      </p>
      <p className="mr-results__actions">
        {notInSide.side ? (
          <>
            <span>
              Status in {otherLabel}: {INSTANCE_STATUS_LABELS[notInSide.side.status]}.
            </span>{' '}
            {notInSide.side.mayExecute && (
              <ExecuteButton
                uuid={notIn.uuid}
                side={notInSide.side}
                name={pair.name}
                version={otherLabel}
                refresh={refresh}
              />
            )}{' '}
            <Link
              to={paths.instanceList.getHref(
                notIn.uuid,
                notInSide.side.subModelId,
                notInSide.side.instanceId,
              )}
            >
              Open '{pair.name}' in {otherLabel}
            </Link>
          </>
        ) : (
          <Link to={paths.subModelList.getHref(notIn.uuid, pair.subModelType)}>
            Open the {pair.subModelType} sub-models of {otherLabel}
          </Link>
        )}
      </p>
    </>
  );
}

/** Execute on the side that did not run (the instance sidebar's two requests); the list refreshes. */
function ExecuteButton({
  uuid,
  side,
  name,
  version,
  refresh,
}: {
  uuid: string;
  side: ResultSide;
  name: string;
  version: string;
  refresh: () => void;
}) {
  const mutation = useMutation({
    mutationFn: () => executeInstance(uuid, side.instanceId),
    onSuccess: () => notify.success(EXECUTION_MESSAGES.executionRequestSent),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      notify.error(
        error instanceof ApiError && error.body?.message
          ? error.body.message
          : EXECUTION_MESSAGES.failedToCreate,
      );
    },
    onSettled: refresh,
  });
  return (
    <button
      type="button"
      className="p-button p-button-sm"
      disabled={mutation.isPending || mutation.isSuccess}
      onClick={() => mutation.mutate()}
    >
      <i className="pi pi-play" aria-hidden="true" /> Execute '{name}' in {version}
    </button>
  );
}
