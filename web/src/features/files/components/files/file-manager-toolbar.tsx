import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { FileDropZone } from '../../../../components/ui/file-drop-zone/file-drop-zone';
import { type FileChangeAction, type FileChanges, folderNameProblem, MAX_UPLOADS } from './file-changes';
import { FileTypeInput } from './file-type-input';

export interface FileManagerToolbarProps {
  changes: FileChanges;
  dispatch: (action: FileChangeAction) => void;
  busy: boolean;
  knownTags: readonly string[];
  /** Every folder path, for the target folder of new folders and uploads. */
  folders: readonly string[];
  /** Asks before deleting selected main model files; deletes right away otherwise. */
  onDeleteSelected: () => void;
  /** Why the selection cannot be deleted (it holds a file that must stay), or undefined. */
  deleteSelectedBlock?: string | undefined;
}

/** New folder in the target folder: a plain name without '/', unique in that folder. */
function NewFolder({ changes, dispatch, busy, target }: { target: string } & FileManagerToolbarProps) {
  const [name, setName] = useState('');
  const inputId = useId();
  const problemId = useId();
  const problem = name ? folderNameProblem(changes, target, name) : undefined;
  const create = () => {
    if (!name || problem) return;
    dispatch({ type: 'addFolder', parent: target, name });
    setName('');
  };
  return (
    <div className="mr-file-toolbar__group">
      <label htmlFor={inputId}>New folder name</label>
      <div className="mr-file-toolbar__row">
        <InputText
          id={inputId}
          value={name}
          className="p-inputtext-sm"
          disabled={busy}
          invalid={Boolean(problem)}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              create();
            }
          }}
        />
        <Button
          type="button"
          label="Create folder"
          icon="pi pi-folder-plus"
          size="small"
          outlined
          disabled={busy || !name || Boolean(problem)}
          onClick={create}
        />
      </div>
      {problem && (
        <small id={problemId} className="mr-error-text">
          {problem}
        </small>
      )}
    </div>
  );
}

/** The multi-select bar: a file type for every selected file, or delete them. */
function SelectionBar({
  changes,
  dispatch,
  busy,
  knownTags,
  onDeleteSelected,
  deleteSelectedBlock,
}: FileManagerToolbarProps) {
  const [tag, setTag] = useState('');
  const count = changes.selected.length;
  if (count === 0) return null;
  return (
    <section className="mr-multi-select-bar" aria-label="Selected files">
      <span>
        {count} {count === 1 ? 'file' : 'files'} selected
      </span>
      <FileTypeInput
        label="File type for the selected files"
        value={tag}
        onChange={setTag}
        known={knownTags}
        disabled={busy}
        placeholder="Type or choose a file type"
      />
      <Button
        type="button"
        label="Apply file type"
        size="small"
        disabled={busy || !tag}
        onClick={() => {
          dispatch({ type: 'tagSelected', tag });
          setTag('');
        }}
      />
      <span title={deleteSelectedBlock}>
        <Button
          type="button"
          label="Delete selected"
          icon="pi pi-trash"
          size="small"
          severity="danger"
          outlined
          disabled={busy || Boolean(deleteSelectedBlock)}
          aria-description={deleteSelectedBlock}
          onClick={onDeleteSelected}
        />
      </span>
      <Button
        type="button"
        label="Clear selection"
        size="small"
        text
        onClick={() => dispatch({ type: 'selectAll', selected: false })}
      />
    </section>
  );
}

/**
 * The editing tools of the file manager (000 §2 create and upload flows): the target folder, a new
 * folder, select files, select a folder (webkitdirectory) or drop files and folders, and the
 * multi-select bar.
 */
export function FileManagerToolbar(props: FileManagerToolbarProps) {
  const { dispatch, busy, folders, changes } = props;
  const [target, setTarget] = useState('');
  const targetId = useId();
  const validTarget = target === '' || folders.includes(target) ? target : '';

  return (
    <div className="mr-file-toolbar">
      <div className="mr-file-toolbar__group">
        <label htmlFor={targetId}>Target folder</label>
        <select
          id={targetId}
          className="p-inputtext p-component p-inputtext-sm"
          value={validTarget}
          disabled={busy}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="">/ (top level)</option>
          {[...folders].sort().map((f) => (
            <option key={f} value={f}>
              /{f}
            </option>
          ))}
        </select>
      </div>
      <NewFolder {...props} target={validTarget} />
      <FileDropZone
        compact
        target={validTarget}
        busy={busy}
        full={changes.uploads.length >= MAX_UPLOADS}
        prompt="Drop files or folders here, or"
        hint={`At most ${MAX_UPLOADS} new files per save.`}
        testIds={{ zone: 'files-drop-zone', files: 'files-upload-input', folder: 'folder-upload-input' }}
        onFiles={(files) => dispatch({ type: 'addFiles', files })}
      />
      <SelectionBar {...props} />
    </div>
  );
}
