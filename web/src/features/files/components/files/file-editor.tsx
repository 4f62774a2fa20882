import { MESSAGES } from '@shared/messages';
import type { ModelDetail } from '@shared/schemas/model-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useCallerFiles, useFilesSaved } from '../../../../api/files';
import { activeValues, metadataOptionsQuery } from '../../../../api/metadata-options';
import { notify } from '../../../../lib/message-stack';
import { fileChangesReducer, hasChanges, initialChanges, publishedWarnings } from './file-changes';
import { SaveFilesError, type SaveProgress, saveFiles } from './save-files';

/**
 * The editing state of the file manager, shared by Editing › Files (the dialog) and the Folder View
 * of users who may edit (000 §2 'File manager (folder view)'): one set of pending changes over the
 * caller's file list, saved in one PATCH.
 *
 * 1. Load the caller's file list; it becomes the base of the pending changes. With
 *    `followServer`, a newer list replaces the base while nothing is pending (the folder view
 *    stays current); otherwise the list loaded first stays (the dialog edits what it opened with).
 * 2. Save: upload the new files with per-file progress, PATCH once with the entry's rev.
 * 3. Success: 'Files have been updated', the lists refresh, the base becomes the saved list.
 *    Failure: 'Failed to update Files.' and the server's issues stay listed; uploads start again
 *    on the next try.
 */
export function useFileEditor(model: ModelDetail, { followServer = false } = {}) {
  const files = useCallerFiles(model.uuid);
  const options = useQuery(metadataOptionsQuery());
  const onSaved = useFilesSaved(model.uuid);
  const queryClient = useQueryClient();
  const [changes, dispatch] = useReducer(fileChangesReducer, undefined, () => initialChanges());
  const [loaded, setLoaded] = useState(false);
  const [progress, setProgress] = useState<SaveProgress | undefined>();
  const [issues, setIssues] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const saving = progress !== undefined;
  const pending = hasChanges(changes);

  // 1.
  useEffect(() => {
    if (!files.data) return;
    if (!loaded || (followServer && !pending && !saving && files.data.items !== changes.base)) {
      dispatch({ type: 'reset', base: files.data.items });
      setLoaded(true);
    }
  }, [files.data, loaded, followServer, pending, saving, changes.base]);
  useEffect(() => () => controller.current?.abort(), []);

  const knownTags = useMemo(
    () => [
      ...new Set([
        ...activeValues(options.data, 'file_tag'),
        ...changes.base.map((n) => n.fileTag).filter((t): t is string => Boolean(t)),
      ]),
    ],
    [options.data, changes.base],
  );

  /** 2. and 3.; answers whether the save went through. */
  const save = async (): Promise<boolean> => {
    const ctrl = new AbortController();
    controller.current = ctrl;
    setIssues([]);
    try {
      const list = await saveFiles({
        modelUuid: model.uuid,
        rev: model.rev,
        changes,
        dispatch,
        onProgress: setProgress,
        signal: ctrl.signal,
      });
      onSaved(list);
      dispatch({ type: 'reset', base: list.items });
      setStale(false);
      notify.success(MESSAGES.filesUpdated);
      return true;
    } catch (error) {
      if (ctrl.signal.aborted) return false;
      notify.error(MESSAGES.failedToUpdateFiles);
      setIssues(error instanceof SaveFilesError ? error.issues : []);
      setStale(error instanceof SaveFilesError && error.stale);
      dispatch({ type: 'resetUploads' });
      return false;
    } finally {
      if (controller.current === ctrl) controller.current = undefined;
      setProgress(undefined);
    }
  };

  /** Drops every pending change (the stored list stays as it is). */
  const discard = () => {
    controller.current?.abort();
    dispatch({ type: 'reset', base: files.data?.items ?? changes.base });
    setIssues([]);
  };

  /** After a 409: the entry changed meanwhile; its detail and files load again. */
  const reloadEntry = () => queryClient.invalidateQueries({ queryKey: ['models', model.uuid] });

  return {
    changes,
    dispatch,
    loaded,
    loadFailed: files.isError,
    knownTags,
    progress,
    saving,
    pending,
    issues,
    stale,
    save,
    discard,
    abort: () => controller.current?.abort(),
    reloadEntry,
  };
}

export type FileEditor = ReturnType<typeof useFileEditor>;

/** Published entries: what the server refuses, said before the user tries (000 §5). */
export function PublishedNote({ editor }: { editor: FileEditor }) {
  const warnings = publishedWarnings(editor.changes);
  return (
    <div className="mr-files-dialog__warning" role="note">
      This model entry is published: its main model file cannot be replaced, and files in the model's language
      cannot be added or replaced. The server checks every change when you save.
      {warnings.length > 0 && (
        <ul>
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Processing files x/y' while saving; the server's refusals (and Reload after a 409) afterwards. */
export function SaveStatus({ editor, onReload }: { editor: FileEditor; onReload: () => void }) {
  const { progress, issues, stale } = editor;
  const percent = progress
    ? progress.total === 0
      ? 100
      : Math.round((progress.done / progress.total) * 100)
    : 0;
  return (
    <>
      {progress && (
        <div className="mr-files-dialog__progress" role="status" aria-live="polite">
          <span>{MESSAGES.processingFiles(progress.done, progress.total)}</span>
          <ProgressBar
            value={percent}
            showValue={false}
            style={{ height: '0.5rem' }}
            aria-label="Save progress"
          />
          {progress.current && <small className="mr-muted">{progress.current}</small>}
        </div>
      )}
      {issues.length > 0 && (
        <div role="alert" className="mr-error-text">
          <p>{MESSAGES.failedToUpdateFiles}</p>
          <ul>
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
          {stale && <Button label="Reload" text size="small" onClick={onReload} />}
        </div>
      )}
    </>
  );
}
