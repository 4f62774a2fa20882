import { Button } from 'primereact/button';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import type { PickedFile } from '../../../lib/new-files';
import { droppedFiles, pickedFiles } from './dropped-files';
import './file-drop-zone.css';

export interface FileDropZoneProps {
  /** New files, each with its folder below `target`; never called with none. */
  onFiles: (files: PickedFile[]) => void;
  /** The folder new files go to ('' for the top level). */
  target?: string;
  /** A save or an upload is running: nothing is taken. */
  busy: boolean;
  /** The list is full: no more picks (a drop still goes through, so a file can replace its earlier pick). */
  full?: boolean;
  /** The text before the buttons, e.g. 'Drop files or folders here, or'. */
  prompt: string;
  /** The limit under the buttons, e.g. 'At most 90 files.'. */
  hint: string;
  /** One row with small buttons (the file manager's toolbar) instead of a centred block (the wizard). */
  compact?: boolean;
  testIds: { zone: string; files: string; folder: string };
}

/** A button that opens the browser's file picker (a hidden input) for files or for a folder. */
function PickButton({
  label,
  icon,
  inputLabel,
  testId,
  folder = false,
  size,
  disabled,
  onPicked,
}: {
  label: string;
  icon: string;
  inputLabel: string;
  testId: string;
  folder?: boolean;
  size: 'small' | undefined;
  disabled: boolean;
  onPicked: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        label={label}
        icon={icon}
        size={size}
        outlined={folder}
        disabled={disabled}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={inputLabel}
        data-testid={testId}
        {...(folder ? { webkitdirectory: '', directory: '' } : {})}
        onChange={onPicked}
      />
    </>
  );
}

/**
 * Adds files (000 §2 upload flows): 'Select files', 'Select folder' (webkitdirectory) or a drop of
 * files and folders. The buttons are the keyboard's way in (Tab, Enter or Space open the browser's
 * picker); dropping is a pointer shortcut for the same, so the zone itself is a named group and not
 * a control of its own.
 */
export function FileDropZone({
  onFiles,
  target = '',
  busy,
  full = false,
  prompt,
  hint,
  compact = false,
  testIds,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const add = (files: PickedFile[]) => {
    if (files.length > 0) onFiles(files);
  };
  const onDragOver = (e: DragEvent<HTMLFieldSetElement>) => {
    e.preventDefault();
    setDragging(true);
  };
  const onDrop = (e: DragEvent<HTMLFieldSetElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) void droppedFiles(e.dataTransfer, target).then(add);
  };
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    add(pickedFiles(e.target.files, target));
    // The same file can be picked again (e.g. after it was removed).
    e.target.value = '';
  };
  const pick = { size: compact ? ('small' as const) : undefined, disabled: busy || full, onPicked };

  return (
    <fieldset
      className={['mr-drop-zone', compact && 'mr-drop-zone--compact', dragging && 'mr-drop-zone--active']
        .filter(Boolean)
        .join(' ')}
      aria-label="Add files"
      aria-describedby={hintId}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={testIds.zone}
    >
      <i className="pi pi-cloud-upload" aria-hidden="true" />
      <p className="mr-drop-zone__prompt">{prompt}</p>
      <div className="mr-drop-zone__buttons">
        <PickButton
          label="Select files"
          icon="pi pi-file"
          inputLabel="Files to upload"
          testId={testIds.files}
          {...pick}
        />
        <PickButton
          label="Select folder"
          icon="pi pi-folder-open"
          inputLabel="Folder to upload"
          testId={testIds.folder}
          folder
          {...pick}
        />
      </div>
      <small id={hintId} className="mr-muted">
        {hint}
      </small>
    </fieldset>
  );
}
