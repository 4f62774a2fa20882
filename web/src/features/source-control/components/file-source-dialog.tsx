import { fileSourceMode } from '@shared/rules/file-source-mode';
import type { ModelDetail } from '@shared/schemas/model-api';
import type { FileSourceMode } from '@shared/schemas/source-control';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { type ComponentType, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { type DiffViewComponent, SourceControlBrowser } from './source-control-browser';

type FilesDialogComponent = ComponentType<{ model: ModelDetail; onHide: () => void }>;

const MODE_OPTIONS: { label: string; value: FileSourceMode }[] = [
  { label: 'Source control', value: 'source-control' },
  { label: 'Local upload', value: 'local-upload' },
];

/**
 * Editing › Files with the file source mode of 000 §4: an entry whose metadata names a repository
 * (bitbucket_project and bitbucket_repository) opens on its source control, and the user may switch
 * to the local upload (the file manager, passed in as `LocalUpload`); any other entry opens the file
 * manager directly, as before (local upload when it holds spreadsheet files, none otherwise: the
 * file manager serves both).
 */
export function FileSourceDialog({
  model,
  onHide,
  LocalUpload,
  DiffView,
}: {
  model: ModelDetail;
  onHide: () => void;
  LocalUpload: FilesDialogComponent;
  DiffView: DiffViewComponent;
}) {
  const initial = fileSourceMode(model.metadata, []);
  const [mode, setMode] = useState<FileSourceMode>(initial);
  if (mode !== 'source-control') return <LocalUpload model={model} onHide={onHide} />;
  const { bitbucket_project, bitbucket_repository, bitbucket_path, bitbucket_commit } = model.metadata;
  return (
    <ModalDialog
      visible
      onHide={onHide}
      header="Files"
      style={{ width: '80rem' }}
      footer={<Button type="button" label="Close" outlined onClick={onHide} />}
    >
      <div className="source-control-mode">
        <span id="file-source-mode-label">File source</span>
        <SelectButton
          value={mode}
          options={MODE_OPTIONS}
          onChange={(e) => {
            if (e.value) setMode(e.value as FileSourceMode);
          }}
          allowEmpty={false}
          aria-labelledby="file-source-mode-label"
        />
      </div>
      <SourceControlBrowser
        link={{
          project: bitbucket_project,
          repo: bitbucket_repository,
          path: bitbucket_path,
          at: bitbucket_commit,
        }}
        DiffView={DiffView}
        // Managers of the entry may commit in its name (shared/rules/source-control-permissions.ts).
        editAs={model.permissions.edit === 'allowed' ? model.uuid : undefined}
      />
    </ModalDialog>
  );
}
