import type { CallerFileNode } from '@shared/schemas/collaboration';
import type { ModelDetail } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo, useState } from 'react';
import { useCallerFiles } from '../../../../api/files';
import { NotifyModelUsersDialog } from '../../../../components/ui/notify-model-users-dialog';
import { splitTheoremFiles } from '../download/theorem-files';
import { changeCount, initialChanges } from './file-changes';
import { PublishedNote, SaveStatus, useFileEditor } from './file-editor';
import { FileManager } from './file-manager';
import { TheoremAccessNote } from './theorem-access-note';

/**
 * THEOREM entries split the folder view into 'THEOREM Files' and 'Supporting Documents' (000 §2).
 * The split is the Download Model Entry modal's: a THEOREM file is a data cut and carries an as-of
 * date; every other file (and any empty folder) is a supporting document. One rule for both places,
 * so a file is never a THEOREM file in one and a supporting document in the other.
 */
export function splitFolderView(items: readonly CallerFileNode[]) {
  const { theorem, supporting } = splitTheoremFiles(items);
  return { theorem, supporting: [...supporting, ...items.filter((n) => n.folder)] };
}

/**
 * Who gets the file manager in the folder view (000 §2 'File manager (folder view)': create, upload
 * and clone flows, Select All): users who may edit the entry. THEOREM entries keep their two
 * read-only views here (a change set spans the whole entry, the views only half of it); they are
 * edited in Editing › Files.
 */
export const editsInFolderView = (model: ModelDetail) =>
  model.permissions.edit === 'allowed' && !model.theorem;

/**
 * Folder View (000 §2): the file tree with each file's Download, 'Request Access', 'Manage File
 * Access' and History as the caller may (the server's `callerAccess`). Users who may edit get the
 * file manager itself; everyone else the read-only tree.
 */
export function FolderView({ model }: { model: ModelDetail }) {
  return editsInFolderView(model) ? (
    <EditableFolderView model={model} />
  ) : (
    <ReadOnlyFolderView model={model} />
  );
}

function ReadOnlyFolderView({ model }: { model: ModelDetail }) {
  const files = useCallerFiles(model.uuid);
  const items = files.data?.items;
  const views = useMemo(() => {
    const all = items ?? [];
    if (!model.theorem) return [{ label: 'Files', changes: initialChanges(all) }];
    const split = splitFolderView(all);
    return [
      { label: 'THEOREM Files', changes: initialChanges(split.theorem) },
      { label: 'Supporting Documents', changes: initialChanges(split.supporting) },
    ];
  }, [items, model.theorem]);

  const manager = ({ label, changes }: (typeof views)[number]) => (
    <FileManager model={model} changes={changes} loading={files.isPending} label={label} />
  );
  const [only] = views;
  return (
    <>
      <TheoremAccessNote files={items} />
      {views.length === 1 && only ? (
        manager(only)
      ) : (
        <TabView>
          {views.map((view) => (
            <TabPanel key={view.label} header={view.label}>
              {manager(view)}
            </TabPanel>
          ))}
        </TabView>
      )}
    </>
  );
}

/**
 * The file manager in place: changes wait until 'Save changes' (one PATCH, as in Editing › Files),
 * 'Discard changes' drops them; after a save the model users may be notified (000 §4). While
 * nothing is pending, the tree follows the stored list.
 */
function EditableFolderView({ model }: { model: ModelDetail }) {
  const editor = useFileEditor(model, { followServer: true });
  const [notifying, setNotifying] = useState(false);
  const count = changeCount(editor.changes);

  return (
    <div className="mr-folder-editor">
      {model.status === 'PUBLISHED' && editor.pending && <PublishedNote editor={editor} />}
      {editor.loadFailed ? (
        <p role="alert" className="mr-error-text">
          The files of this model entry could not be loaded.
        </p>
      ) : (
        <FileManager
          model={model}
          changes={editor.changes}
          loading={!editor.loaded}
          label="Files"
          editing={{ dispatch: editor.dispatch, busy: editor.saving, knownTags: editor.knownTags }}
        />
      )}
      <SaveStatus editor={editor} onReload={() => void editor.reloadEntry()} />
      <section className="mr-folder-editor__bar" aria-label="Unsaved file changes">
        <span className="mr-muted" aria-live="polite">
          {editor.pending ? `${count} unsaved ${count === 1 ? 'change' : 'changes'}` : 'No unsaved changes'}
        </span>
        <Button
          type="button"
          label="Discard changes"
          outlined
          disabled={!editor.pending || editor.saving}
          onClick={editor.discard}
        />
        <Button
          type="button"
          label="Save changes"
          icon="pi pi-check"
          loading={editor.saving}
          disabled={!editor.loaded || editor.stale || !editor.pending}
          onClick={() => void editor.save().then((saved) => saved && setNotifying(true))}
        />
      </section>
      {notifying && (
        <NotifyModelUsersDialog
          modelUuid={model.uuid}
          action="FILES_MODIFIED"
          onClose={() => setNotifying(false)}
        />
      )}
    </div>
  );
}
