import { MESSAGES } from '@shared/messages';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { type DragEvent, useId, useRef, useState } from 'react';
import {
  cleanTag,
  FILE_TAG_MAX,
  type FileAction,
  folderOf,
  formatSize,
  MAX_FILES,
  selectedFiles,
  showTypeChooser,
  tagChoices,
  type WizardFile,
} from './file-list';

const UPLOAD_LABELS: Record<WizardFile['upload'], string> = {
  pending: 'Not uploaded yet',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  failed: 'Upload failed',
};

/** File-type chooser: letters only, at most 25, existing types or '(Create New)' (000 §5). */
export function FileTypeChooser({
  known,
  files,
  onApply,
}: {
  known: readonly string[];
  files: readonly WizardFile[];
  onApply: (tag: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const { matches, createNew } = tagChoices(known, files, typed);
  const apply = (tag: string) => {
    onApply(tag);
    setTyped('');
  };
  return (
    <div className="mr-file-type-chooser">
      <label htmlFor={inputId}>File type for the selected files</label>
      <InputText
        id={inputId}
        value={typed}
        maxLength={FILE_TAG_MAX}
        keyfilter={/[A-Za-z]/}
        placeholder="Type or choose a file type"
        onChange={(e) => setTyped(cleanTag(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && typed) {
            e.preventDefault();
            apply(typed);
          }
        }}
      />
      <ul className="mr-file-type-chooser__choices" aria-label="File types">
        {matches.slice(0, 8).map((t) => (
          <li key={t}>
            <Button type="button" label={t} size="small" outlined onClick={() => apply(t)} />
          </li>
        ))}
        {createNew && (
          <li>
            <Button
              type="button"
              label={`${createNew} ${MESSAGES.fileTypeCreateNew}`}
              size="small"
              onClick={() => apply(createNew)}
            />
          </li>
        )}
      </ul>
    </div>
  );
}

export interface FilesStepProps {
  files: readonly WizardFile[];
  dispatch: (action: FileAction) => void;
  knownTags: readonly string[];
  busy: boolean;
}

/** Step 1: select files or a folder, or drop them; delete, tag and flag the main model file. */
export function FilesStep({ files, dispatch, knownTags, busy }: FilesStepProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<WizardFile | undefined>();
  const selected = selectedFiles(files);
  const allSelected = files.length > 0 && selected.length === files.length;

  const addFileList = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    dispatch({
      type: 'add',
      files: Array.from(list).map((file) => ({ file, path: folderOf(file.webkitRelativePath) })),
    });
  };

  const remove = (f: WizardFile) => {
    if (f.mainFile) setConfirmDelete(f);
    else dispatch({ type: 'remove', key: f.key });
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) addFileList(e.dataTransfer.files);
  };

  return (
    <div className="mr-files-step">
      <div
        className={dragging ? 'mr-drop-zone mr-drop-zone--active' : 'mr-drop-zone'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-drop-zone"
      >
        <i className="pi pi-cloud-upload" aria-hidden="true" />
        <p>Drag and drop files here, or</p>
        <div className="mr-drop-zone__buttons">
          <Button
            type="button"
            label="Select files"
            icon="pi pi-file"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          />
          <Button
            type="button"
            label="Select folder"
            icon="pi pi-folder-open"
            outlined
            disabled={busy}
            onClick={() => folderInput.current?.click()}
          />
        </div>
        <small className="mr-muted">At most {MAX_FILES} files.</small>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            addFileList(e.target.files);
            e.target.value = '';
          }}
        />
        <input
          ref={folderInput}
          type="file"
          multiple
          hidden
          data-testid="folder-input"
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => {
            addFileList(e.target.files);
            e.target.value = '';
          }}
        />
      </div>

      {showTypeChooser(files) && (
        <section className="mr-multi-select-bar" aria-label="Selected files">
          <span>{selected.length} files selected</span>
          <FileTypeChooser
            known={knownTags}
            files={files}
            onApply={(tag) => dispatch({ type: 'tagSelected', tag })}
          />
          <Button
            type="button"
            label="Clear selection"
            text
            onClick={() => dispatch({ type: 'selectAll', selected: false })}
          />
        </section>
      )}

      {files.length === 0 ? (
        <p className="mr-muted">
          No files selected yet. A model entry can be saved as a draft without files; publishing needs at
          least one.
        </p>
      ) : (
        <table className="mr-simple-table mr-file-table">
          <thead>
            <tr>
              <th scope="col">
                <Checkbox
                  inputId="mr-files-all"
                  checked={allSelected}
                  aria-label="Select all files"
                  onChange={(e) => dispatch({ type: 'selectAll', selected: Boolean(e.checked) })}
                />
              </th>
              <th scope="col">File Name</th>
              <th scope="col">Size</th>
              <th scope="col">File Type</th>
              <th scope="col">Main file</th>
              <th scope="col">Upload</th>
              <th scope="col">
                <span className="mr-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.key}>
                <td>
                  <Checkbox
                    checked={f.selected}
                    aria-label={`Select ${f.key}`}
                    onChange={(e) => dispatch({ type: 'select', key: f.key, selected: Boolean(e.checked) })}
                  />
                </td>
                <td>
                  {f.path && <span className="mr-muted">{f.path}/</span>}
                  {f.name}
                </td>
                <td>{formatSize(f.size)}</td>
                <td>
                  <InputText
                    value={f.fileTag ?? ''}
                    aria-label={`File type of ${f.key}`}
                    maxLength={FILE_TAG_MAX}
                    keyfilter={/[A-Za-z]/}
                    className="p-inputtext-sm"
                    onChange={(e) => dispatch({ type: 'tag', key: f.key, tag: e.target.value })}
                  />
                </td>
                <td>
                  <Checkbox
                    checked={f.mainFile}
                    aria-label={`${f.key} is the main model file`}
                    onChange={(e) => dispatch({ type: 'main', key: f.key, main: Boolean(e.checked) })}
                  />
                </td>
                <td className="mr-file-table__progress">
                  {f.upload === 'uploading' || f.upload === 'uploaded' ? (
                    <ProgressBar
                      value={f.progress}
                      aria-label={`Upload of ${f.key}`}
                      style={{ height: '0.9rem' }}
                    />
                  ) : null}
                  <small className={f.upload === 'failed' ? 'mr-error-text' : 'mr-muted'}>
                    {UPLOAD_LABELS[f.upload]}
                  </small>
                </td>
                <td>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    disabled={busy}
                    aria-label={`Delete ${f.key}`}
                    onClick={() => remove(f)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        visible={Boolean(confirmDelete)}
        onHide={() => setConfirmDelete(undefined)}
        header="Delete main model file"
        message={confirmDelete ? MESSAGES.mainFileDeleteConfirm(confirmDelete.name) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Delete"
        rejectLabel="Cancel"
        accept={() => {
          if (confirmDelete) dispatch({ type: 'remove', key: confirmDelete.key });
          setConfirmDelete(undefined);
        }}
        reject={() => setConfirmDelete(undefined)}
      />
    </div>
  );
}
