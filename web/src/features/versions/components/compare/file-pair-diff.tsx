import type { ComparePair, CompareVersion } from '@shared/schemas/compare';
import { useQuery } from '@tanstack/react-query';
import { fileDiffQuery } from '../../../../api/versions';
import { Spinner } from '../../../../components/ui/spinner';
import type { VersionUrlState } from '../../version-url-state';
import { DiffFailed } from '../spreadsheet/diff-messages';
import { SpreadsheetDiffView } from '../spreadsheet/spreadsheet-diff-view';
import { NO_CHANGES_FOUND, TextDiffView } from './text-diff-view';

const label = (tag: string, version: CompareVersion) =>
  `${tag}: ${version.name}${version.version ? ` (Version ${version.version})` : ''}`;

function TextPairDiff({
  before,
  after,
  pair,
}: {
  before: CompareVersion;
  after: CompareVersion;
  pair: ComparePair;
}) {
  const query = useQuery(
    fileDiffQuery(before.uuid, pair.fileUuid ?? '', after.uuid, pair.otherFileUuid ?? ''),
  );
  if (query.isPending) return <Spinner label="Loading the diff" />;
  if (query.isError || query.data.kind !== 'text') return <DiffFailed error={query.error} />;
  return (
    <TextDiffView hunks={query.data.hunks} beforeLabel={label('A', before)} afterLabel={label('B', after)} />
  );
}

/** The diff of one file pair: a line diff, the workbook comparison, or what can be said without one. */
export function FilePairDiff({
  before,
  after,
  pair,
  state,
  update,
}: {
  before: CompareVersion;
  after: CompareVersion;
  pair: ComparePair;
  state: VersionUrlState;
  update: (next: (current: VersionUrlState) => VersionUrlState) => void;
}) {
  if (pair.status === 'added')
    return <p className="mr-versions__empty">This file exists only in version B.</p>;
  if (pair.status === 'removed')
    return <p className="mr-versions__empty">This file exists only in version A.</p>;
  if (pair.status === 'unchanged' && pair.kind !== 'text')
    return <p className="mr-versions__empty">{NO_CHANGES_FOUND}</p>;
  if (pair.kind === 'text')
    return (
      <TextPairDiff
        key={`${pair.fileUuid}:${pair.otherFileUuid}`}
        before={before}
        after={after}
        pair={pair}
      />
    );
  if (pair.kind === 'spreadsheet')
    return (
      <SpreadsheetDiffView
        key={`${pair.fileUuid}:${pair.otherFileUuid}`}
        source={{
          uuid: before.uuid,
          fileUuid: pair.fileUuid ?? '',
          otherUuid: after.uuid,
          otherFileUuid: pair.otherFileUuid ?? '',
        }}
        state={state}
        update={update}
      />
    );
  return (
    <p className="mr-versions__empty">
      The files differ; this file type cannot be compared line by line. Download both versions to compare
      them.
    </p>
  );
}
