import type { ModelDetail } from '@shared/schemas/model-api';
import { useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { NotifyModelUsersDialog } from '../notify/notify-model-users-dialog';
import { PublishedNote, SaveStatus, useFileEditor } from './file-editor';
import { FileManager } from './file-manager';
import './file-manager.css';

/**
 * Editing › Files (000 §2 edit dialogs): the file manager in editing mode; Save sends every change
 * in one PATCH and then asks 'Notify Model Users ?' (000 §4); Cancel discards. The editing state
 * and the save are {@link useFileEditor}'s, shared with the Folder View of users who may edit.
 * Step 2 of the spec (which calibration or scenario sub-models were affected) is skipped: it only
 * applies when sub-models exist, and sub-models do not exist in this release.
 *
 * The list the user edits is the one loaded when the dialog opened (later refetches are ignored).
 * After a save only the notify prompt remains; closing it closes this dialog.
 */
export function FilesDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const editor = useFileEditor(model);
  const [notifying, setNotifying] = useState(false);

  const cancel = () => {
    editor.abort();
    onHide();
  };

  if (notifying) {
    return <NotifyModelUsersDialog modelUuid={model.uuid} action="FILES_MODIFIED" onClose={onHide} />;
  }

  return (
    <ActionDialog
      header="Files"
      width="90rem"
      maximizable
      onHide={cancel}
      confirmLabel="Save"
      confirmIcon="pi pi-check"
      busy={editor.saving}
      confirmDisabled={!editor.loaded || editor.stale || !editor.pending}
      onConfirm={() => void editor.save().then((saved) => saved && setNotifying(true))}
    >
      {model.status === 'PUBLISHED' && <PublishedNote editor={editor} />}
      {editor.loadFailed ? (
        <p role="alert" className="mr-error-text">
          The files of this model entry could not be loaded.
        </p>
      ) : !editor.loaded ? (
        <Spinner />
      ) : (
        <FileManager
          model={model}
          changes={editor.changes}
          label="Files of the model entry"
          editing={{ dispatch: editor.dispatch, busy: editor.saving, knownTags: editor.knownTags }}
        />
      )}
      <SaveStatus
        editor={editor}
        onReload={() => {
          void editor.reloadEntry().then(onHide);
        }}
      />
    </ActionDialog>
  );
}
