import { OUTDATE_AFTER_FILE_CHANGE_MESSAGES as OUTDATE } from '@shared/executions/outdate-after-file-change';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import type { ModelDetail } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useOutdateInstances } from '../../../../api/files';
import { NotifyModelUsersDialog } from '../../../../components/ui/notify-model-users-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { AffectedSubModels, preselectedIds, useOutdateCandidates } from './affected-sub-models';
import { changedFileUuids } from './file-changes';
import { PublishedNote, SaveStatus, useFileEditor } from './file-editor';
import { FileManager } from './file-manager';
import './file-manager.css';
import { ModalDialog } from '../../../../components/ui/modal-dialog';

type Step = 'files' | 'subModels';

/**
 * Editing › Files (000 §2 edit dialogs): the file manager in editing mode; Save sends every change
 * in one PATCH and then asks 'Notify Model Users ?' (000 §4); Cancel discards. The editing state
 * and the save are {@link useFileEditor}'s, shared with the Folder View of users who may edit.
 *
 * Step 2 (only when the entry has calibration or scenario sub-models, and only on an unpublished
 * entry: see affected-sub-models.tsx) asks which sub-models the change affected, with the ones that
 * execute a changed or deleted file ticked. Save then:
 * 1. saves the files ('Processing files x/y', 'Uploading/Deleting {name}');
 * 2. if that went through and sub-models are ticked, marks their executed instances outdated
 *    (001 §4) and says how many in a warning; a failure here is reported, the files stay saved;
 * 3. asks 'Notify Model Users ?'.
 * A failed file save goes back to step 1, where the server's refusals are listed.
 *
 * The list the user edits is the one loaded when the dialog opened (later refetches are ignored).
 * After a save only the notify prompt remains; closing it closes this dialog.
 */
export function FilesDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const editor = useFileEditor(model);
  const outdating = useOutdateCandidates(model);
  const outdate = useOutdateInstances(model.uuid);
  const [step, setStep] = useState<Step>('files');
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const [selected, setSelected] = useState<string[]>([]);
  const marking = outdate.isPending;
  const [notifying, setNotifying] = useState(false);
  const twoSteps = outdating.candidates.length > 0;
  const busy = editor.saving || marking;
  const canSave = editor.loaded && !editor.stale && editor.pending && !outdating.loading;

  const cancel = () => {
    editor.abort();
    onHide();
  };

  // The ticks follow the files each time step 2 opens: the user may have changed them meanwhile.
  const next = () => {
    const files = changedFileUuids(editor.changes);
    setChanged(files);
    setSelected(preselectedIds(outdating.candidates, files));
    setStep('subModels');
  };

  const markOutdated = async (subModelIds: string[]) => {
    try {
      const result = await outdate.mutateAsync({ subModelIds });
      if (result.outdated > 0) notify.warning(OUTDATE.markedOutdated(result.outdated), 'long');
      else notify.info(OUTDATE.noneMarked);
    } catch (error) {
      const reason = error instanceof ApiError ? error.body?.message : undefined;
      notify.error(reason ? `${OUTDATE.failed} ${reason}` : OUTDATE.failed);
    }
  };

  const save = async () => {
    // In the table's order, and only sub-models the table shows.
    const chosen =
      twoSteps && step === 'subModels'
        ? outdating.candidates.filter((c) => selected.includes(c.id)).map((c) => c.id)
        : [];
    if (!(await editor.save())) {
      setStep('files');
      return;
    }
    if (chosen.length > 0) await markOutdated(chosen);
    setNotifying(true);
  };

  if (notifying) {
    return <NotifyModelUsersDialog modelUuid={model.uuid} action="FILES_MODIFIED" onClose={onHide} />;
  }

  const footer = (
    <div className="mr-dialog-footer">
      <Button type="button" label="Cancel" outlined onClick={cancel} />
      {step === 'subModels' && (
        <Button
          type="button"
          label="Back"
          icon="pi pi-arrow-left"
          outlined
          disabled={busy}
          onClick={() => setStep('files')}
        />
      )}
      {step === 'files' && twoSteps ? (
        <Button
          type="button"
          label="Next"
          icon="pi pi-arrow-right"
          iconPos="right"
          disabled={!canSave}
          onClick={next}
        />
      ) : (
        <Button
          type="button"
          label="Save"
          icon="pi pi-check"
          loading={busy}
          disabled={!canSave}
          onClick={() => void save()}
        />
      )}
    </div>
  );

  return (
    <ModalDialog
      header="Files"
      visible
      onHide={cancel}
      style={{ width: '90rem', maxWidth: '95vw' }}
      maximizable
      draggable={false}
      footer={footer}
    >
      {twoSteps && <p className="mr-muted">{`Step ${step === 'files' ? 1 : 2} of 2`}</p>}
      {/* Step 1 stays mounted while step 2 shows: the tree keeps its open folders and dialogs. */}
      <div hidden={step !== 'files'}>
        {model.status === 'PUBLISHED' && <PublishedNote editor={editor} />}
        {model.status !== 'DRAFT' && model.metadata.platform === WEBMODEL_PLATFORM && (
          <p className="mr-muted">
            Instances of this entry's sub-models are not marked outdated by file changes: that happens on
            unpublished model entries only.
          </p>
        )}
        {outdating.failed && (
          <div className="mr-files-dialog__warning" role="note">
            The sub-models of this model entry could not be loaded: saving will not mark any instance
            outdated.
          </div>
        )}
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
      </div>
      {step === 'subModels' && (
        <AffectedSubModels
          modelUuid={model.uuid}
          candidates={outdating.candidates}
          changed={changed}
          selected={selected}
          onSelect={setSelected}
          disabled={busy}
        />
      )}
      <SaveStatus
        editor={editor}
        onReload={() => {
          void editor.reloadEntry().then(onHide);
        }}
      />
      {marking && (
        <p role="status" className="mr-muted">
          Marking instances outdated…
        </p>
      )}
    </ModalDialog>
  );
}
