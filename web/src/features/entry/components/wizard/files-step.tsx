import { MESSAGES } from '@shared/messages';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useId, useState } from 'react';
import { ConfirmMainFileDelete } from '../../../../components/ui/confirm-main-file-delete';
import { FileDropZone } from '../../../../components/ui/file-drop-zone/file-drop-zone';
import { formatFileSize } from '../../../../lib/format';
import { cleanTag, FILE_TAG_MAX } from '../../../../lib/new-files';
import {
  type FileAction,
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
  /** Files whose types are offered too (types typed in this session). */
  files: readonly Pick<WizardFile, 'fileTag'>[];
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
  const [confirmDelete, setConfirmDelete] = useState<WizardFile | undefined>();
  const selected = selectedFiles(files);
  const allSelected = files.length > 0 && selected.length === files.length;

  const remove = (f: WizardFile) => {
    if (f.mainFile) setConfirmDelete(f);
    else dispatch({ type: 'remove', key: f.key });
  };

  return (
    <div className="mr-files-step">
      <FileDropZone
        busy={busy}
        prompt="Drag and drop files here, or"
        hint={`At most ${MAX_FILES} files.`}
        testIds={{ zone: 'file-drop-zone', files: 'file-input', folder: 'folder-input' }}
        onFiles={(picked) => dispatch({ type: 'add', files: picked })}
      />

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
                <td>{formatFileSize(f.size)}</td>
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

      <ConfirmMainFileDelete
        names={confirmDelete?.name}
        onAccept={() => confirmDelete && dispatch({ type: 'remove', key: confirmDelete.key })}
        onHide={() => setConfirmDelete(undefined)}
      />
    </div>
  );
}
