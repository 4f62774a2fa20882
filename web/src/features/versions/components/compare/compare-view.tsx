import type { ComparePair, ComparePairStatus, CompareVersion } from '@shared/schemas/compare';
import type { LineageNode } from '@shared/schemas/versions-api';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { compareQuery } from '../../../../api/versions';
import { Spinner } from '../../../../components/ui/spinner';
import type { VersionUrlState } from '../../version-url-state';
import { ChangelogDownload } from './changelog-download';
import { FilePairDiff } from './file-pair-diff';
import { ResultsComparison } from './results-comparison';
import { SourceCompare } from './source-compare';

export const NO_VERSION_LOG = 'No version log was captured.';

const GROUPS: readonly { status: ComparePairStatus; label: string }[] = [
  { status: 'added', label: 'Added' },
  { status: 'removed', label: 'Removed' },
  { status: 'changed', label: 'Changed' },
  { status: 'unchanged', label: 'Unchanged' },
];

/** The URL's name of a pair: `<fileUuid>:<otherFileUuid>`, one side empty for an added or removed file. */
export const pairKey = (pair: ComparePair) => `${pair.fileUuid ?? ''}:${pair.otherFileUuid ?? ''}`;

export const pairName = (pair: ComparePair) => {
  const side = pair.otherFile ?? pair.file;
  return side ? (side.path ? `${side.path}/${side.name}` : side.name) : pairKey(pair);
};

function VersionSide({
  tag,
  version,
  legalNotice,
}: {
  tag: string;
  version: CompareVersion;
  legalNotice?: string;
}) {
  return (
    <section className="mr-compare__side" aria-label={`Version ${tag}`}>
      <h3>
        {tag}: {version.name}
        {version.version ? ` (Version ${version.version})` : ''}
      </h3>
      <h4>Version log</h4>
      {version.versionLog?.trim() ? (
        <p className="mr-compare__log">{version.versionLog}</p>
      ) : (
        <p className="mr-versions__empty">{NO_VERSION_LOG}</p>
      )}
      <h4>Changelog</h4>
      <ChangelogDownload version={version} legalNotice={legalNotice} />
    </section>
  );
}

/**
 * Compare mode (000 §2): both version logs and changelog documents, the files of the two versions
 * paired and grouped added, removed, changed and unchanged, and the diff of the chosen pair; for
 * versions linked to a repository, the source-control diff of their commits (source-compare.tsx).
 * `before` is the version picked first (A), `after` the second (B).
 */
export function CompareView({
  before,
  after,
  state,
  update,
  legalNotices = {},
}: {
  before: LineageNode;
  after: LineageNode;
  state: VersionUrlState;
  update: (next: (current: VersionUrlState) => VersionUrlState) => void;
  /** Legal notices known to the page, by entry uuid (the default notice covers the others). */
  legalNotices?: Record<string, string | undefined>;
}) {
  const query = useQuery(compareQuery(before.uuid, after.uuid));
  if (query.isPending) return <Spinner label="Comparing versions" />;
  if (query.isError) return <p role="alert">The two versions could not be compared.</p>;
  const { version, otherVersion, pairs } = query.data;
  const chosen = pairs.find((p) => pairKey(p) === state.file);
  const choose = (pair: ComparePair) =>
    update((s) => ({
      ...s,
      file: pairKey(pair),
      sheet: undefined,
      cell: undefined,
      macro: undefined,
      page: 1,
      diffTab: 'overview',
    }));

  return (
    <div className="mr-compare">
      <div className="mr-compare__sides">
        <VersionSide tag="A" version={version} legalNotice={legalNotices[version.uuid]} />
        <VersionSide tag="B" version={otherVersion} legalNotice={legalNotices[otherVersion.uuid]} />
      </div>
      <SourceCompare before={version} after={otherVersion} />
      <div className="mr-compare__body">
        <nav className="mr-compare__files" aria-label="Compared files">
          {GROUPS.map(({ status, label }) => {
            const group = pairs.filter((p) => p.status === status);
            return (
              <Fragment key={status}>
                <h4 id={`mr-compare-${status}`}>
                  {label} ({group.length})
                </h4>
                {group.length > 0 && (
                  <ul aria-labelledby={`mr-compare-${status}`}>
                    {group.map((pair) => (
                      <li key={pairKey(pair)}>
                        <button
                          type="button"
                          className={`mr-compare__file mr-compare__file--${status}`}
                          aria-current={chosen === pair ? 'true' : undefined}
                          disabled={!pair.diffable}
                          title={pair.diffable ? undefined : 'You do not have access to both files'}
                          onClick={() => choose(pair)}
                        >
                          {pairName(pair)}
                          {pair.file && pair.otherFile && pair.file.name !== pair.otherFile.name
                            ? ` (was ${pair.file.name})`
                            : ''}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </Fragment>
            );
          })}
        </nav>
        <section className="mr-compare__diff" aria-label="File comparison">
          {chosen ? (
            <FilePairDiff before={version} after={otherVersion} pair={chosen} state={state} update={update} />
          ) : (
            <p className="mr-versions__empty">
              {pairs.length === 0 ? 'Neither version has files.' : 'Choose a file to see its changes.'}
            </p>
          )}
        </section>
      </div>
      <ResultsComparison before={version} after={otherVersion} />
    </div>
  );
}
