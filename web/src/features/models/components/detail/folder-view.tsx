import type { CallerFileNode } from '@shared/schemas/collaboration';
import type { ModelDetail } from '@shared/schemas/model-api';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo } from 'react';
import { useCallerFiles } from '../../api/files-api';
import { splitTheoremFiles } from '../download/theorem-files';
import { initialChanges } from '../files/file-changes';
import { FileManager } from '../files/file-manager';

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
 * Folder View (000 §2): the file manager read-only, with each file's Download, 'Request Access',
 * 'Manage File Access' and History as the caller may (the server's `callerAccess`). Editing happens
 * in Editing › Files.
 */
export function FolderView({ model }: { model: ModelDetail }) {
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
  if (views.length === 1 && only) return manager(only);
  return (
    <TabView>
      {views.map((view) => (
        <TabPanel key={view.label} header={view.label}>
          {manager(view)}
        </TabPanel>
      ))}
    </TabView>
  );
}
