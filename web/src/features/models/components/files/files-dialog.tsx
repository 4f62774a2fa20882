import { MESSAGES } from '@shared/messages';
import type { ModelDetail } from '@shared/schemas/model-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { notify } from '../../../../lib/message-stack';
import { useCallerFiles, useFilesSaved } from '../../api/files-api';
import { activeValues, metadataOptionsQuery } from '../metadata-form/metadata-options';
import { NotifyModelUsersDialog } from '../notify/notify-model-users-dialog';
import { fileChangesReducer, hasChanges, initialChanges, publishedWarnings } from './file-changes';
import { FileManager } from './file-manager';
import { SaveFilesError, type SaveProgress, saveFiles } from './save-files';
import './file-manager.css';

/** Published entries: what the server refuses, said before the user tries (000 §5). */
function PublishedNote({ warnings }: { warnings: string[] }) {
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

function Progress({ progress }: { progress: SaveProgress }) {
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
  return (
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
  );
}

/**
 * Editing › Files (000 §2 edit dialogs): the file manager in editing mode; Save sends every change
 * in one PATCH and then asks 'Notify Model Users ?' (000 §4); Cancel discards.
 * Step 2 of the spec (which calibration or scenario sub-models were affected) is skipped: it only
 * applies when sub-models exist, and sub-models do not exist in this release.
 *
 * 1. Load the caller's file list; it becomes the base of the pending changes.
 * 2. Save: upload the new files with per-file progress, PATCH once with the entry's rev.
 * 3. Success: 'Files have been updated', the lists refresh, the notify dialog opens; closing it
 *    closes this dialog. Failure: 'Failed to update Files.' and the server's issues stay listed;
 *    uploads start again on the next try.
 */
export function FilesDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const files = useCallerFiles(model.uuid);
  const options = useQuery(metadataOptionsQuery());
  const onSaved = useFilesSaved(model.uuid);
  const queryClient = useQueryClient();
  const [changes, dispatch] = useReducer(fileChangesReducer, undefined, () => initialChanges());
  const [loaded, setLoaded] = useState(false);
  const [progress, setProgress] = useState<SaveProgress | undefined>();
  const [issues, setIssues] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [notifying, setNotifying] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const saving = progress !== undefined;

  // 1. The list the user edits is the one loaded when the dialog opened (later refetches are ignored).
  useEffect(() => {
    if (files.data && !loaded) {
      dispatch({ type: 'reset', base: files.data.items });
      setLoaded(true);
    }
  }, [files.data, loaded]);
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

  const save = async () => {
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
      notify.success(MESSAGES.filesUpdated);
      setNotifying(true);
    } catch (error) {
      if (ctrl.signal.aborted) return;
      notify.error(MESSAGES.failedToUpdateFiles);
      setIssues(error instanceof SaveFilesError ? error.issues : []);
      setStale(error instanceof SaveFilesError && error.stale);
      dispatch({ type: 'resetUploads' });
    } finally {
      if (controller.current === ctrl) controller.current = undefined;
      setProgress(undefined);
    }
  };

  const cancel = () => {
    controller.current?.abort();
    onHide();
  };

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['models', model.uuid] });
    onHide();
  };

  // 3. After a save only the notify prompt remains.
  if (notifying) {
    return <NotifyModelUsersDialog modelUuid={model.uuid} action="FILES_MODIFIED" onClose={onHide} />;
  }

  const published = model.status === 'PUBLISHED';
  return (
    <ActionDialog
      header="Files"
      width="90rem"
      maximizable
      onHide={cancel}
      confirmLabel="Save"
      confirmIcon="pi pi-check"
      busy={saving}
      confirmDisabled={!loaded || stale || !hasChanges(changes)}
      onConfirm={() => void save()}
    >
      {published && <PublishedNote warnings={publishedWarnings(changes)} />}
      {files.isError ? (
        <p role="alert" className="mr-error-text">
          The files of this model entry could not be loaded.
        </p>
      ) : !loaded ? (
        <Spinner />
      ) : (
        <FileManager
          model={model}
          changes={changes}
          label="Files of the model entry"
          editing={{ dispatch, busy: saving, knownTags }}
        />
      )}
      {progress && <Progress progress={progress} />}
      {issues.length > 0 && (
        <div role="alert" className="mr-error-text">
          <p>{MESSAGES.failedToUpdateFiles}</p>
          <ul>
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
          {stale && <Button label="Reload" text size="small" onClick={() => void reload()} />}
        </div>
      )}
    </ActionDialog>
  );
}
