import type { CompareVersion } from '@shared/schemas/compare';
import type { SourceFileDiff } from '@shared/schemas/source-control';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sourceBranchesQuery, sourceDiffQuery } from '../../../../api/source-control';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { isExternalUser, useCurrentUser } from '../../../../lib/current-user';
import { NO_CHANGES_FOUND, TextDiffView } from './text-diff-view';

export const SOURCE_COMPARE_TEXTS = {
  title: 'Source control',
  otherRepositories: (a: string, b: string) =>
    `The versions are linked to different repositories (${a} and ${b}): their code cannot be compared here.`,
  oneLinked: (tag: string, repository: string) =>
    `Only version ${tag} is linked to a repository (${repository}): there is no code to compare it with.`,
  noCommits:
    'Neither version records a commit: both follow the default branch of the repository, so their code is the same here. Record the commit or branch of each version in its metadata (Metadata › Source Control Commit) to compare their code.',
  sameCommit: (ref: string) => `Both versions point at ${ref}.`,
  failed: 'The source-control diff could not be loaded.',
  binary: 'This file is binary: its changes cannot be shown as text.',
} as const;

const repoName = (v: CompareVersion) => (v.source ? `${v.source.project}/${v.source.repository}` : '');
const fileLabel = (file: SourceFileDiff) => file.destination ?? file.source ?? '';

/**
 * Compare mode's source-control diff (000 §2 "Compare shows … and a source-control diff"; issue 18
 * §5): the changes between the commits the two versions point at (metadata bitbucket_commit), A's
 * as the older side, in the same text diff view as the files. What the user expects when a version
 * records no commit: such a version follows its repository's default branch (the source-control
 * browser opens it there too), so its side is the default branch's newest commit, and the labels
 * say so; when neither records one, both sides would be the same commit, and the panel says that
 * recording each version's commit is what makes their code comparable, rather than showing an
 * empty diff that would read as "no code changed". Versions in different repositories have no
 * common history to diff. Source control is for internal users only (the server refuses the
 * others), so external users do not get the panel.
 */
export function SourceCompare({ before, after }: { before: CompareVersion; after: CompareVersion }) {
  if (!before.source && !after.source) return null;
  return <SourcePanel before={before} after={after} />;
}

function SourcePanel({ before, after }: { before: CompareVersion; after: CompareVersion }) {
  const me = useCurrentUser();
  if (isExternalUser(me)) return null;
  let body: ReactNode;
  if (!before.source || !after.source) {
    const [tag, linked] = before.source ? ['A', before] : ['B', after];
    body = <p className="mr-versions__empty">{SOURCE_COMPARE_TEXTS.oneLinked(tag, repoName(linked))}</p>;
  } else if (repoName(before) !== repoName(after)) {
    body = (
      <p className="mr-versions__empty">
        {SOURCE_COMPARE_TEXTS.otherRepositories(repoName(before), repoName(after))}
      </p>
    );
  } else if (!before.source.commit && !after.source.commit) {
    body = <p className="mr-versions__empty">{SOURCE_COMPARE_TEXTS.noCommits}</p>;
  } else {
    body = (
      <CommitsDiff
        project={before.source.project}
        repo={before.source.repository}
        since={before.source.commit}
        until={after.source.commit}
      />
    );
  }
  return (
    <section className="mr-compare__source" aria-label={SOURCE_COMPARE_TEXTS.title}>
      <h3>{SOURCE_COMPARE_TEXTS.title}</h3>
      {body}
    </section>
  );
}

function CommitsDiff({
  project,
  repo,
  since,
  until,
}: {
  project: string;
  repo: string;
  since: string | undefined;
  until: string | undefined;
}) {
  const coordinates = { project, repo };
  // Only needed when one side follows the default branch.
  const branches = useQuery({ ...sourceBranchesQuery(coordinates), enabled: !since || !until });
  const defaultBranch = branches.data?.branches.find((b) => b.isDefault)?.displayId;
  const sinceRef = since ?? defaultBranch;
  const untilRef = until ?? defaultBranch;
  const diff = useQuery({
    ...sourceDiffQuery(coordinates, '', untilRef ?? '', sinceRef),
    enabled: Boolean(sinceRef && untilRef && sinceRef !== untilRef),
  });
  const label = (ref: string | undefined, recorded: boolean) =>
    recorded ? ref : `${ref ?? 'the default branch'} (default branch: no commit recorded)`;
  const beforeLabel = label(sinceRef, Boolean(since));
  const afterLabel = label(untilRef, Boolean(until));

  if (branches.isError || diff.isError) {
    const error = branches.error ?? diff.error;
    return (
      <p role="alert">
        {error instanceof ApiError && error.body?.message ? error.body.message : SOURCE_COMPARE_TEXTS.failed}
      </p>
    );
  }
  if (!sinceRef || !untilRef) return <Spinner label="Loading the branches" />;
  if (sinceRef === untilRef)
    return <p className="mr-versions__empty">{SOURCE_COMPARE_TEXTS.sameCommit(sinceRef)}</p>;
  if (diff.isPending) return <Spinner label="Loading the source-control diff" />;
  return (
    <>
      <p className="mr-compare__source-refs">
        {project}/{repo}: A <code>{beforeLabel}</code> → B <code>{afterLabel}</code>
      </p>
      {diff.data.files.length === 0 ? (
        <p className="mr-versions__empty">{NO_CHANGES_FOUND}</p>
      ) : (
        diff.data.files.map((file) => (
          <div key={fileLabel(file)} className="mr-compare__source-file">
            <h4>
              {fileLabel(file)}{' '}
              <span className="mr-versions__empty">
                ({!file.source ? 'added' : !file.destination ? 'removed' : 'changed'})
              </span>
            </h4>
            {file.binary ? (
              <p>{SOURCE_COMPARE_TEXTS.binary}</p>
            ) : (
              <TextDiffView
                hunks={file.hunks.map((h) => ({
                  oldStart: h.sourceLine,
                  oldLines: h.sourceSpan,
                  newStart: h.destinationLine,
                  newLines: h.destinationSpan,
                  lines: h.lines.map(
                    (l) => `${l.type === 'added' ? '+' : l.type === 'removed' ? '-' : ' '}${l.text}`,
                  ),
                }))}
                beforeLabel={`${fileLabel(file)} at A`}
                afterLabel={`${fileLabel(file)} at B`}
              />
            )}
          </div>
        ))
      )}
    </>
  );
}
