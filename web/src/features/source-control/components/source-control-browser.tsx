import type { TextHunk } from '@shared/schemas/compare';
import {
  SOURCE_CONTROL_MESSAGES,
  type SourceCommit,
  type SourceDiffHunk,
  type SourceFileDiff,
} from '@shared/schemas/source-control';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { type ButtonHTMLAttributes, type ComponentType, useId, useState } from 'react';
import {
  type RepoCoordinates,
  sourceBranchesQuery,
  sourceBrowseQuery,
  sourceCommitsQuery,
  sourceDiffQuery,
  sourceProjectsQuery,
  sourceRepositoriesQuery,
} from '../../../api/source-control';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { SourceFileView } from './source-file-view';
import './source-control.css';

/** The text diff view the app passes in (the versions feature's), so that this feature imports none. */
export type DiffViewComponent = ComponentType<{
  hunks: readonly TextHunk[];
  beforeLabel: string;
  afterLabel: string;
}>;

/** Where the browser starts: the entry's link (metadata bitbucket_*), any part of it absent. */
export interface SourceLink {
  readonly project?: string;
  readonly repo?: string;
  /** The entry's execution file (bitbucket_path). */
  readonly path?: string;
  /** A commit or branch (bitbucket_commit); absent: the default branch. */
  readonly at?: string;
}

/** A hunk of the source-control API as the text diff view's jsdiff-shaped hunk. */
export function toTextHunk(hunk: SourceDiffHunk): TextHunk {
  return {
    oldStart: hunk.sourceLine,
    oldLines: hunk.sourceSpan,
    newStart: hunk.destinationLine,
    newLines: hunk.destinationSpan,
    lines: hunk.lines.map((l) => `${l.type === 'added' ? '+' : l.type === 'removed' ? '-' : ' '}${l.text}`),
  };
}

/** A button that reads as a link: the entries, the path and the commits are places to go. */
function LinkButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={['source-control-link', props.className].filter(Boolean).join(' ')}
    />
  );
}

const firstLine = (message: string) => message.split('\n')[0] ?? '';
const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * The source-control browser (issue 18 §5; 000 §7): project → repository → branch, then the folders
 * and files at that branch, a file's text, the history of the folder or file shown ('No commits
 * found'), and a chosen commit's diff against its parent in the app's text diff view. Starts at the
 * entry's link and its execution file ('There is no execution file' when it names none or the file
 * is not in the repository).
 */
export function SourceControlBrowser({
  link,
  DiffView,
  editAs,
}: {
  link: SourceLink;
  DiffView: DiffViewComponent;
  /**
   * The linked entry the caller may edit (its uuid): files of its repository get an Edit that
   * commits in its name (the server checks again). Absent: everything is read-only.
   */
  editAs?: string;
}) {
  const [project, setProject] = useState(link.project ?? '');
  const [repo, setRepo] = useState(link.repo ?? '');
  const [at, setAt] = useState<string | undefined>(link.at);
  const [path, setPath] = useState(link.path ?? '');
  const [commit, setCommit] = useState<SourceCommit | undefined>();
  // Each picker's label names its focusable input (PrimeReact's Dropdown puts `inputId` there).
  const ids = useId();

  const projects = useQuery(sourceProjectsQuery());
  const repositories = useQuery(sourceRepositoriesQuery(project));
  const coordinates: RepoCoordinates | undefined = project && repo ? { project, repo } : undefined;

  const chooseProject = (next: string) => {
    setProject(next);
    setRepo('');
    setAt(undefined);
    setPath('');
    setCommit(undefined);
  };
  const chooseRepo = (next: string) => {
    setRepo(next);
    setAt(undefined);
    setPath('');
    setCommit(undefined);
  };

  return (
    <section className="source-control" aria-label="Source control">
      <div className="source-control-pickers">
        <div className="source-control-picker">
          <label htmlFor={`${ids}-project`}>Project</label>
          <Dropdown
            inputId={`${ids}-project`}
            value={project}
            options={(projects.data?.projects ?? []).map((p) => ({ label: p.name, value: p.key }))}
            onChange={(e) => chooseProject(String(e.value))}
            placeholder={projects.isPending ? 'Loading...' : 'Select a project'}
          />
        </div>
        <div className="source-control-picker">
          <label htmlFor={`${ids}-repo`}>Repository</label>
          <Dropdown
            inputId={`${ids}-repo`}
            value={repo}
            options={(repositories.data?.repositories ?? []).map((r) => ({ label: r.name, value: r.slug }))}
            onChange={(e) => chooseRepo(String(e.value))}
            disabled={!project}
            placeholder="Select a repository"
          />
        </div>
        {coordinates && (
          <BranchPicker
            coordinates={coordinates}
            at={at}
            onChange={(next) => {
              setAt(next);
              setCommit(undefined);
            }}
          />
        )}
      </div>
      {projects.error && <p className="source-control-error">{errorText(projects.error)}</p>}
      {coordinates ? (
        <>
          <ExecutionFile link={link} coordinates={coordinates} at={at} onOpen={setPath} />
          <Breadcrumb path={path} onOpen={setPath} />
          <div className="source-control-panes">
            <PathView
              coordinates={coordinates}
              path={path}
              at={at}
              editAs={link.project === project && link.repo === repo ? editAs : undefined}
              onOpen={(next) => {
                setPath(next);
                setCommit(undefined);
              }}
              onSaved={setCommit}
            />
            <History coordinates={coordinates} path={path} at={at} selected={commit} onSelect={setCommit} />
          </div>
          {commit && <CommitDiff coordinates={coordinates} path={path} commit={commit} DiffView={DiffView} />}
        </>
      ) : (
        <p>Select a project and a repository to browse its files.</p>
      )}
    </section>
  );
}

function BranchPicker({
  coordinates,
  at,
  onChange,
}: {
  coordinates: RepoCoordinates;
  at: string | undefined;
  onChange: (at: string | undefined) => void;
}) {
  const id = useId();
  const branches = useQuery(sourceBranchesQuery(coordinates));
  const list = branches.data?.branches ?? [];
  const isBranch = at === undefined || list.some((b) => b.displayId === at);
  const options = [
    ...list.map((b) => ({
      label: b.isDefault ? `${b.displayId} (default)` : b.displayId,
      value: b.displayId,
    })),
    // The entry's commit, when it names one rather than a branch.
    ...(!isBranch && at ? [{ label: `Commit ${at.slice(0, 11)}`, value: at }] : []),
  ];
  return (
    <div className="source-control-picker">
      <label htmlFor={id}>Branch</label>
      <Dropdown
        inputId={id}
        value={at ?? list.find((b) => b.isDefault)?.displayId ?? ''}
        options={options}
        onChange={(e) => onChange(String(e.value))}
        placeholder={branches.isPending ? 'Loading...' : 'Select a branch'}
      />
    </div>
  );
}

function ExecutionFile({
  link,
  coordinates,
  at,
  onOpen,
}: {
  link: SourceLink;
  coordinates: RepoCoordinates;
  at: string | undefined;
  onOpen: (path: string) => void;
}) {
  const linked =
    link.project === coordinates.project && link.repo === coordinates.repo ? link.path : undefined;
  const file = useQuery({ ...sourceBrowseQuery(coordinates, linked ?? '', at), enabled: Boolean(linked) });
  const missing = !linked || (file.error instanceof ApiError && file.error.status === 404);
  if (missing) return <p className="source-control-note">{SOURCE_CONTROL_MESSAGES.noExecutionFile}</p>;
  return (
    <p className="source-control-note">
      Execution file: <LinkButton onClick={() => onOpen(linked)}>{linked}</LinkButton>
    </p>
  );
}

function Breadcrumb({ path, onOpen }: { path: string; onOpen: (path: string) => void }) {
  const segments = path ? path.split('/') : [];
  return (
    <nav aria-label="Path" className="source-control-breadcrumb">
      <LinkButton onClick={() => onOpen('')}>(root)</LinkButton>
      {segments.map((segment, i) => {
        const target = segments.slice(0, i + 1).join('/');
        return (
          <span key={target}>
            {' / '}
            <LinkButton
              onClick={() => onOpen(target)}
              aria-current={i === segments.length - 1 ? 'page' : undefined}
            >
              {segment}
            </LinkButton>
          </span>
        );
      })}
    </nav>
  );
}

function PathView({
  coordinates,
  path,
  at,
  editAs,
  onOpen,
  onSaved,
}: {
  coordinates: RepoCoordinates;
  path: string;
  at: string | undefined;
  editAs: string | undefined;
  onOpen: (path: string) => void;
  onSaved: (commit: SourceCommit) => void;
}) {
  const browse = useQuery(sourceBrowseQuery(coordinates, path, at));
  if (browse.isPending) return <Spinner label="Loading files" />;
  if (browse.error) return <p className="source-control-error">{errorText(browse.error)}</p>;
  const view = browse.data;
  if (view.kind === 'file')
    return (
      // Keyed: another file or branch starts without the previous one's draft.
      <SourceFileView
        key={`${path}@${at ?? ''}`}
        coordinates={coordinates}
        path={path}
        at={at}
        modelUuid={editAs}
        onSaved={onSaved}
      />
    );
  return (
    <ul className="source-control-entries" aria-label="Files and folders">
      {path && (
        <li>
          <LinkButton onClick={() => onOpen(parentOf(path))}>
            <i className="pi pi-arrow-up" aria-hidden="true" /> ..
          </LinkButton>
        </li>
      )}
      {view.entries.map((entry) => (
        <li key={entry.path}>
          <LinkButton onClick={() => onOpen(entry.path)}>
            <i className={entry.type === 'directory' ? 'pi pi-folder' : 'pi pi-file'} aria-hidden="true" />{' '}
            {entry.name}
          </LinkButton>
          {entry.size !== undefined && (
            <span className="source-control-size">{formatFileSize(entry.size)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function History({
  coordinates,
  path,
  at,
  selected,
  onSelect,
}: {
  coordinates: RepoCoordinates;
  path: string;
  at: string | undefined;
  selected: SourceCommit | undefined;
  onSelect: (commit: SourceCommit) => void;
}) {
  const commits = useQuery(sourceCommitsQuery(coordinates, path, at));
  return (
    <div className="source-control-history">
      <h3>History{path ? ` of ${path}` : ''}</h3>
      {commits.isPending ? (
        <Spinner label="Loading history" />
      ) : commits.error ? (
        <p className="source-control-error">{errorText(commits.error)}</p>
      ) : commits.data.commits.length === 0 ? (
        <p>{SOURCE_CONTROL_MESSAGES.noCommits}</p>
      ) : (
        <ol aria-label="Commits">
          {commits.data.commits.map((c) => (
            <li key={c.id}>
              <LinkButton
                onClick={() => onSelect(c)}
                aria-pressed={selected?.id === c.id}
                className={selected?.id === c.id ? 'selected' : undefined}
              >
                <code>{c.displayId}</code> {firstLine(c.message)}
              </LinkButton>
              <span className="source-control-meta">
                {c.author.name}, {formatDateTime(new Date(c.authorTimestamp).toISOString())}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function CommitDiff({
  coordinates,
  path,
  commit,
  DiffView,
}: {
  coordinates: RepoCoordinates;
  path: string;
  commit: SourceCommit;
  DiffView: DiffViewComponent;
}) {
  const since = commit.parents[0]?.id;
  const diff = useQuery(sourceDiffQuery(coordinates, path, commit.id, since));
  return (
    <section className="source-control-diff" aria-label={`Changes of commit ${commit.displayId}`}>
      <h3>
        Changes of <code>{commit.displayId}</code>: {firstLine(commit.message)}
      </h3>
      {diff.isPending ? (
        <Spinner label="Loading the diff" />
      ) : diff.error ? (
        <p className="source-control-error">{errorText(diff.error)}</p>
      ) : diff.data.files.length === 0 ? (
        <p>No changes found</p>
      ) : (
        diff.data.files.map((file) => (
          <FileDiff key={fileLabel(file)} file={file} commit={commit} DiffView={DiffView} />
        ))
      )}
    </section>
  );
}

const fileLabel = (file: SourceFileDiff) => file.destination ?? file.source ?? '';

function FileDiff({
  file,
  commit,
  DiffView,
}: {
  file: SourceFileDiff;
  commit: SourceCommit;
  DiffView: DiffViewComponent;
}) {
  const status = !file.source ? 'added' : !file.destination ? 'deleted' : 'changed';
  return (
    <div className="source-control-file-diff">
      <h4>
        {fileLabel(file)} <span className="source-control-meta">({status})</span>
      </h4>
      {file.binary ? (
        <p>This file is binary: its changes cannot be shown as text.</p>
      ) : (
        <DiffView
          hunks={file.hunks.map(toTextHunk)}
          beforeLabel={`${fileLabel(file)} before ${commit.displayId}`}
          afterLabel={`${fileLabel(file)} at ${commit.displayId}`}
        />
      )}
    </div>
  );
}

function errorText(error: unknown): string {
  return error instanceof ApiError && error.body?.message
    ? error.body.message
    : 'The repository could not be read.';
}
