import type { FileNode } from '@shared/schemas/model-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { filePathOf } from './sub-model-form';

/**
 * The execution file picker of the sub-model dialog (spec 001 §2): titled 'Select file', the files the
 * model's language can execute with checkboxes, Close and OK. OK applies the ticks; Close drops them.
 */
export function ExecutionFilePicker({
  files,
  selected,
  onApply,
  onHide,
}: {
  files: readonly FileNode[];
  selected: readonly string[];
  onApply: (uuids: string[]) => void;
  onHide: () => void;
}) {
  const [ticked, setTicked] = useState<string[]>(() =>
    selected.filter((id) => files.some((f) => f.uuid === id)),
  );
  const toggle = (uuid: string, on: boolean) =>
    setTicked((t) => (on ? [...t, uuid] : t.filter((id) => id !== uuid)));
  return (
    <ActionDialog
      header={SUB_MODEL_MESSAGES.selectFile}
      width="32rem"
      onHide={onHide}
      cancelLabel="Close"
      confirmLabel="OK"
      onConfirm={() => onApply(files.filter((f) => ticked.includes(f.uuid)).map((f) => f.uuid))}
    >
      <fieldset className="mr-file-picker">
        <legend className="mr-visually-hidden">Execution Files</legend>
        <ul className="mr-file-picker__list">
          {files.map((file) => {
            const id = `exec-file-${file.uuid}`;
            return (
              <li key={file.uuid}>
                <Checkbox
                  inputId={id}
                  checked={ticked.includes(file.uuid)}
                  onChange={(e) => toggle(file.uuid, Boolean(e.checked))}
                />
                <label htmlFor={id}>{filePathOf(file)}</label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </ActionDialog>
  );
}
