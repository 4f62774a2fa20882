import type { CallerFileNode } from '@shared/schemas/collaboration';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatFileSize } from '../../../../lib/format';
import { cleanTag, FILE_TAG_MAX } from '../../../../lib/new-files';
import { FileTypeChooser } from '../wizard/files-step';
import { filePath, mayCarry, NEW_VERSION_TEXTS } from './new-version-state';

/** Why a file cannot be carried over: the server copies only files the caller may read. */
const refusal = (file: CallerFileNode) =>
  file.callerAccess?.reason ?? 'You may not read this file, so it cannot be carried over.';

/** Step 2, 'Select Files': which of the source entry's files the new version carries over. */
export function SelectFilesStep({
  files,
  selected,
  onChange,
}: {
  /** The source's files (no folders: a folder comes with the files below it). */
  files: readonly CallerFileNode[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  if (files.length === 0) return <p className="mr-muted">{NEW_VERSION_TEXTS.noFiles}</p>;
  const carriable = files.filter(mayCarry);
  const allSelected = carriable.length > 0 && carriable.every((f) => selected.has(f.uuid));
  const toggle = (uuid: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(uuid);
    else next.delete(uuid);
    onChange(next);
  };
  return (
    <div className="mr-new-version-files">
      <p className="mr-muted">
        The chosen files are copied into the new version; each copy continues its file's history.{' '}
        {selected.size === 0
          ? NEW_VERSION_TEXTS.noFilesChosen
          : `${selected.size} of ${files.length} chosen.`}
      </p>
      <table className="mr-simple-table mr-file-table">
        <thead>
          <tr>
            <th scope="col">
              <Checkbox
                inputId="mr-new-version-all"
                checked={allSelected}
                aria-label="Select All"
                disabled={carriable.length === 0}
                onChange={(e) => onChange(e.checked ? new Set(carriable.map((f) => f.uuid)) : new Set())}
              />
            </th>
            <th scope="col">File Name</th>
            <th scope="col">Size</th>
            <th scope="col">File Type</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => {
            const allowed = mayCarry(f);
            return (
              <tr key={f.uuid}>
                <td>
                  <Checkbox
                    checked={selected.has(f.uuid)}
                    disabled={!allowed}
                    aria-label={`Carry over ${filePath(f)}`}
                    onChange={(e) => toggle(f.uuid, Boolean(e.checked))}
                  />
                </td>
                <td>
                  {f.path && <span className="mr-muted">{f.path}/</span>}
                  {f.name}
                  {f.mainFile && <span className="mr-muted"> (main model file)</span>}
                  {!allowed && (
                    <>
                      <br />
                      <small className="mr-muted">{refusal(f)}</small>
                    </>
                  )}
                </td>
                <td>{f.size === undefined ? '' : formatFileSize(f.size)}</td>
                <td>{f.fileTag ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Step 3, 'Add File Types': the types of the carried files (letters only, at most 25; 000 §5), one by
 * one or, for several ticked files at once, with the add-entry wizard's file-type chooser.
 */
export function FileTypesStep({
  files,
  fileTypes,
  knownTags,
  onChange,
}: {
  /** The chosen files. */
  files: readonly CallerFileNode[];
  /** The types changed in this step, by file uuid ('' clears the source's type). */
  fileTypes: Readonly<Record<string, string>>;
  knownTags: readonly string[];
  onChange: (next: Record<string, string>) => void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  if (files.length === 0) return <p className="mr-muted">{NEW_VERSION_TEXTS.noFilesChosen}</p>;
  const typeOf = (f: CallerFileNode) => fileTypes[f.uuid] ?? f.fileTag ?? '';
  const setType = (uuids: readonly string[], tag: string) => {
    const next = { ...fileTypes };
    for (const uuid of uuids) next[uuid] = cleanTag(tag);
    onChange(next);
  };
  const tickedFiles = files.filter((f) => ticked.has(f.uuid));
  return (
    <div className="mr-new-version-types">
      {tickedFiles.length > 1 && (
        <section className="mr-multi-select-bar" aria-label="Selected files">
          <span>{tickedFiles.length} files selected</span>
          <FileTypeChooser
            known={knownTags}
            files={files.map((f) => ({ fileTag: typeOf(f) || undefined }))}
            onApply={(tag) => setType([...ticked], tag)}
          />
          <Button type="button" label="Clear selection" text onClick={() => setTicked(new Set())} />
        </section>
      )}
      <table className="mr-simple-table mr-file-table">
        <thead>
          <tr>
            <th scope="col">
              <Checkbox
                inputId="mr-new-version-types-all"
                checked={tickedFiles.length === files.length}
                aria-label="Select all files"
                onChange={(e) => setTicked(e.checked ? new Set(files.map((f) => f.uuid)) : new Set())}
              />
            </th>
            <th scope="col">File Name</th>
            <th scope="col">File Type</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f.uuid}>
              <td>
                <Checkbox
                  checked={ticked.has(f.uuid)}
                  aria-label={`Select ${filePath(f)}`}
                  onChange={(e) => {
                    const next = new Set(ticked);
                    if (e.checked) next.add(f.uuid);
                    else next.delete(f.uuid);
                    setTicked(next);
                  }}
                />
              </td>
              <td>
                {f.path && <span className="mr-muted">{f.path}/</span>}
                {f.name}
              </td>
              <td>
                <InputText
                  value={typeOf(f)}
                  aria-label={`File type of ${filePath(f)}`}
                  maxLength={FILE_TAG_MAX}
                  keyfilter={/[A-Za-z]/}
                  className="p-inputtext-sm"
                  onChange={(e) => setType([f.uuid], e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
