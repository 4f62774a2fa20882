import {
  SOURCE_COMMIT_MESSAGE_MAX,
  SOURCE_CONTROL_MESSAGES,
  type SourceCommit,
} from '@shared/schemas/source-control';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import {
  type RepoCoordinates,
  sourceBranchesQuery,
  sourceBrowseQuery,
  useSaveSourceFile,
} from '../../../api/source-control';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/message-stack';

const SourceCodeEditor = lazy(() => import('./source-code-editor'));

/** The texts of the file editor (issue 18 §5; the spec names none but the conflict's). */
export const SOURCE_EDITOR_TEXTS = {
  edit: 'Edit',
  save: 'Commit',
  cancel: 'Cancel',
  reload: 'Reload',
  message: 'Commit message',
  saved: (displayId: string) => `File saved as commit ${displayId}`,
  onCommit: 'This is a commit, not a branch: choose a branch to edit the file.',
  truncated: 'Only the first megabyte of this file is shown.',
  truncatedReadOnly: 'Files over one megabyte cannot be edited here.',
  openFailed: 'The file could not be opened for editing.',
  saveFailed: 'The file could not be saved.',
} as const;

/** The file being edited: the branch and the commit the text was read at (the save's compare-and-swap). */
interface Draft {
  readonly branch: string;
  readonly base: string;
  readonly original: string;
  readonly text: string;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.message ? error.body.message : fallback;
}

/**
 * A file of the source-control browser: its text, and for an editor of the entry linked to this
 * repository (`modelUuid`) an Edit that opens it in the code editor at the branch's newest commit,
 * a commit message and Commit. The save names that commit as its `sourceCommitId`: when the file
 * changed on the branch meanwhile the server answers 409, and the editor says so and offers to
 * reload the file (the user's text is replaced by the newest one). Read-only for everyone else, on
 * a commit (only a branch can move) and for a file cut at 1 MB (saving would cut it).
 */
export function SourceFileView({
  coordinates,
  path,
  at,
  modelUuid,
  onSaved,
}: {
  coordinates: RepoCoordinates;
  path: string;
  /** The branch or commit browsed; absent: the default branch. */
  at: string | undefined;
  /** The linked entry the caller may edit; absent: read-only. */
  modelUuid: string | undefined;
  onSaved: (commit: SourceCommit) => void;
}) {
  const queryClient = useQueryClient();
  const browse = useQuery(sourceBrowseQuery(coordinates, path, at));
  const branches = useQuery({ ...sourceBranchesQuery(coordinates), enabled: Boolean(modelUuid) });
  const [draft, setDraft] = useState<Draft | undefined>();
  const [message, setMessage] = useState('');
  const editButton = useRef<HTMLButtonElement>(null);
  const reloadButton = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const save = useSaveSourceFile(coordinates);

  const list = branches.data?.branches ?? [];
  const branch =
    at === undefined
      ? list.find((b) => b.isDefault)?.displayId
      : list.find((b) => b.displayId === at)?.displayId;

  // Read at the branch's newest commit, never at the branch name: the text and the commit it was
  // read at must match, or the save's compare-and-swap would guard the wrong version.
  const open = useMutation({
    mutationFn: async (name: string): Promise<Draft> => {
      const fresh = await queryClient.fetchQuery({ ...sourceBranchesQuery(coordinates), staleTime: 0 });
      const head = fresh.branches.find((b) => b.displayId === name);
      if (!head) throw new Error(SOURCE_EDITOR_TEXTS.openFailed);
      const file = await queryClient.fetchQuery(sourceBrowseQuery(coordinates, path, head.latestCommit));
      if (file.kind !== 'file' || file.truncated) throw new Error(SOURCE_EDITOR_TEXTS.openFailed);
      return { branch: name, base: head.latestCommit, original: file.content, text: file.content };
    },
    onSuccess: (next) => {
      setDraft(next);
      save.reset();
    },
  });

  const conflict = save.error instanceof ApiError && save.error.status === 409;
  useEffect(() => {
    if (conflict) reloadButton.current?.focus();
  }, [conflict]);

  const close = () => {
    setDraft(undefined);
    setMessage('');
    save.reset();
    // Back to where editing started, for keyboard users.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (browse.isPending) return <Spinner label="Loading the file" />;
  if (browse.error)
    return <p className="source-control-error">{messageOf(browse.error, 'The file could not be read.')}</p>;
  const view = browse.data;
  if (view.kind !== 'file') return null;

  if (draft && modelUuid) {
    const trimmed = message.trim();
    const unchanged = draft.text === draft.original;
    const submit = () =>
      save.mutate(
        {
          modelUuid,
          path,
          content: draft.text,
          message: trimmed,
          branch: draft.branch,
          sourceCommitId: draft.base,
        },
        {
          onSuccess: (commit) => {
            notify.success(SOURCE_EDITOR_TEXTS.saved(commit.displayId));
            close();
            onSaved(commit);
          },
        },
      );
    return (
      <form
        className="source-control-editor"
        aria-label={`Edit ${path}`}
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed && !unchanged && !save.isPending) submit();
        }}
      >
        <p className="source-control-note">
          Editing <code>{path}</code> on branch <code>{draft.branch}</code> at commit{' '}
          <code>{draft.base.slice(0, 11)}</code>
        </p>
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <SourceCodeEditor
            value={draft.text}
            path={path}
            label={`Contents of ${path}`}
            onChange={(text) => setDraft((d) => (d ? { ...d, text } : d))}
          />
        </Suspense>
        <label htmlFor={messageId} className="source-control-editor__label">
          {SOURCE_EDITOR_TEXTS.message}
        </label>
        <InputTextarea
          id={messageId}
          value={message}
          rows={2}
          maxLength={SOURCE_COMMIT_MESSAGE_MAX}
          onChange={(e) => setMessage(e.target.value)}
        />
        {save.error &&
          (conflict ? (
            <div role="alert" className="source-control-error">
              <p>{SOURCE_CONTROL_MESSAGES.fileChanged}</p>
              <button
                ref={reloadButton}
                type="button"
                className="p-button p-button-sm p-button-outlined"
                disabled={open.isPending}
                onClick={() => open.mutate(draft.branch)}
              >
                <i className="pi pi-refresh" aria-hidden="true" /> {SOURCE_EDITOR_TEXTS.reload}
              </button>
            </div>
          ) : (
            <p role="alert" className="source-control-error">
              {messageOf(save.error, SOURCE_EDITOR_TEXTS.saveFailed)}
            </p>
          ))}
        {open.error && (
          <p role="alert" className="source-control-error">
            {SOURCE_EDITOR_TEXTS.openFailed}
          </p>
        )}
        <div className="source-control-editor__actions">
          <Button type="button" label={SOURCE_EDITOR_TEXTS.cancel} outlined onClick={close} />
          <Button
            type="submit"
            label={SOURCE_EDITOR_TEXTS.save}
            icon="pi pi-check"
            disabled={!trimmed || unchanged || conflict}
            loading={save.isPending}
          />
        </div>
      </form>
    );
  }

  const readOnlyReason = !modelUuid
    ? undefined
    : view.truncated
      ? SOURCE_EDITOR_TEXTS.truncatedReadOnly
      : branches.isSuccess && !branch
        ? SOURCE_EDITOR_TEXTS.onCommit
        : undefined;
  return (
    <div className="source-control-file">
      {view.truncated && <p className="source-control-note">{SOURCE_EDITOR_TEXTS.truncated}</p>}
      {modelUuid && (
        <div className="source-control-file__toolbar">
          {readOnlyReason ? (
            <p className="source-control-note">{readOnlyReason}</p>
          ) : (
            <button
              ref={editButton}
              type="button"
              className="p-button p-button-sm p-button-outlined"
              disabled={!branch || open.isPending}
              onClick={() => branch && open.mutate(branch)}
            >
              <i className="pi pi-pencil" aria-hidden="true" /> {SOURCE_EDITOR_TEXTS.edit}
            </button>
          )}
          {open.error && (
            <p role="alert" className="source-control-error">
              {SOURCE_EDITOR_TEXTS.openFailed}
            </p>
          )}
        </div>
      )}
      <pre>{view.content}</pre>
    </div>
  );
}
