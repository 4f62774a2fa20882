import { FILE_OWNER_MESSAGES } from '@shared/rules/file-permissions';
import type { CallerFileNode, FileAttributes } from '@shared/schemas/collaboration';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { cloneNameProblem, type FileChanges } from './file-changes';

/** The name of a clone: 'Copy of <name>' unless the user types another (000 §2 clone flow). */
export function CloneFileDialog({
  changes,
  source,
  onClone,
  onHide,
}: {
  changes: FileChanges;
  source: CallerFileNode;
  onClone: (name: string) => void;
  onHide: () => void;
}) {
  const [name, setName] = useState(`Copy of ${source.name}`);
  const inputId = useId();
  const problemId = useId();
  const problem = cloneNameProblem(changes, source, name);
  const submit = () => {
    if (problem) return;
    onClone(name);
    onHide();
  };
  return (
    <ActionDialog
      header="Clone File"
      width="32rem"
      onHide={onHide}
      confirmLabel="Clone"
      confirmIcon="pi pi-copy"
      confirmDisabled={Boolean(problem)}
      onConfirm={submit}
    >
      <p>
        A copy of <strong>{source.name}</strong> in the same folder, made when the files are saved.
      </p>
      <div className="mr-field">
        <label htmlFor={inputId}>New file name</label>
        <InputText
          id={inputId}
          value={name}
          autoFocus
          invalid={Boolean(problem)}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
        {problem && (
          <small id={problemId} className="mr-error-text">
            {problem}
          </small>
        )}
      </div>
    </ActionDialog>
  );
}

/**
 * The other attributes of a stored file (000 §3 file node): restricted data (cdd), private, the
 * as-of date of a THEOREM data cut, a comment. Applied to the pending changes, saved with the rest.
 * Only the file owner and super users change cdd and private (shared/rules/file-permissions.ts, the
 * server's `callerAccess.manage`): for anyone else both boxes are disabled with the reason and the
 * dialog leaves them out of the change.
 */
export function FileDetailsDialog({
  node,
  onApply,
  onHide,
}: {
  node: CallerFileNode;
  onApply: (attributes: FileAttributes) => void;
  onHide: () => void;
}) {
  const [cdd, setCdd] = useState(node.cdd === 'Yes');
  const [isPrivate, setPrivate] = useState(node.isPrivate);
  const [asOfDate, setAsOfDate] = useState(node.asOfDate ?? '');
  const [comment, setComment] = useState(node.comment ?? '');
  const id = useId();
  const mayControl = node.callerAccess?.manage === true;
  const apply = () => {
    onApply({ ...(mayControl ? { cdd: cdd ? 'Yes' : 'No', isPrivate } : {}), asOfDate, comment });
    onHide();
  };
  return (
    <ActionDialog
      header="File Details"
      width="36rem"
      onHide={onHide}
      confirmLabel="Apply"
      confirmIcon="pi pi-check"
      onConfirm={apply}
    >
      <p>
        <i className="pi pi-file" aria-hidden="true" /> <strong>{node.name}</strong>
      </p>
      <div className="mr-file-details">
        <div className="mr-file-details__check">
          <Checkbox
            inputId={`${id}-cdd`}
            checked={cdd}
            disabled={!mayControl}
            aria-describedby={mayControl ? undefined : `${id}-owner-only`}
            onChange={(e) => setCdd(Boolean(e.checked))}
          />
          <label htmlFor={`${id}-cdd`}>Confidential discount data (CDD): readers need file access</label>
        </div>
        <div className="mr-file-details__check">
          <Checkbox
            inputId={`${id}-private`}
            checked={isPrivate}
            disabled={!mayControl}
            aria-describedby={mayControl ? undefined : `${id}-owner-only`}
            onChange={(e) => setPrivate(Boolean(e.checked))}
          />
          <label htmlFor={`${id}-private`}>Private file</label>
        </div>
        {!mayControl && (
          <small id={`${id}-owner-only`} className="mr-muted">
            {FILE_OWNER_MESSAGES.hint}
          </small>
        )}
        <div className="mr-field">
          <label htmlFor={`${id}-date`}>As-of Date</label>
          <InputText
            id={`${id}-date`}
            type="date"
            value={asOfDate}
            onChange={(e) => setAsOfDate(e.target.value)}
          />
        </div>
        <div className="mr-field">
          <label htmlFor={`${id}-comment`}>Comment</label>
          <InputTextarea
            id={`${id}-comment`}
            value={comment}
            rows={3}
            maxLength={1000}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
      </div>
    </ActionDialog>
  );
}
