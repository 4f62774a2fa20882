import type { TreeNode } from 'primereact/treenode';
import type { FileRow } from './file-changes';

export interface FileTreeNode extends TreeNode {
  key: string;
  data: FileRow;
  children?: FileTreeNode[];
}

const byKindAndName = (a: FileTreeNode, b: FileTreeNode) =>
  a.data.kind !== b.data.kind
    ? a.data.kind === 'folder'
      ? -1
      : 1
    : a.data.name.localeCompare(b.data.name, 'en', { sensitivity: 'base' });

/** Nests the flat rows by folder path: folders first, then files, each by name. */
export function buildTree(rows: readonly FileRow[]): FileTreeNode[] {
  const folders = new Map<string, FileTreeNode>();
  const roots: FileTreeNode[] = [];
  const nodes = rows.map((row): FileTreeNode => {
    const node: FileTreeNode = { key: row.key, data: row, leaf: row.kind === 'file' };
    if (row.kind === 'folder') {
      node.children = [];
      folders.set(row.fullPath, node);
    }
    return node;
  });
  for (const node of nodes) {
    const parent = node.data.path ? folders.get(node.data.path) : undefined;
    if (parent) parent.children?.push(node);
    else roots.push(node);
  }
  const sort = (list: FileTreeNode[]) => {
    list.sort(byKindAndName);
    for (const n of list) if (n.children) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Keys of every folder, for the expanded state (folders open by default). */
export const folderKeys = (rows: readonly FileRow[]) =>
  rows.filter((r) => r.kind === 'folder').map((r) => r.key);

/** The last change shown for a row: a file's own, or for a folder the newest below it. */
export interface LastUpdate {
  updatedOn: string;
  updatedBy: string;
  /** Who, by name, as the server kept it with the change (absent on older files). */
  updatedByName?: string | undefined;
}

/**
 * UpdatedOn and Updated By of every row (000 §2 columns). A file shows its own; a folder shows its
 * own stored date or, when newer or when it has none (folders implied by file paths), the newest
 * change of anything inside it, so that no folder row is blank.
 */
export function lastUpdates(rows: readonly FileRow[]): Map<string, LastUpdate> {
  const result = new Map<string, LastUpdate>();
  const newer = (a: LastUpdate | undefined, b: LastUpdate) =>
    !a || Date.parse(b.updatedOn) > Date.parse(a.updatedOn) ? b : a;
  const folders = rows.filter((r) => r.kind === 'folder');
  for (const row of rows) {
    const own = row.node
      ? {
          updatedOn: row.node.updatedOn,
          updatedBy: row.node.updatedBy,
          updatedByName: row.node.updatedByName,
        }
      : undefined;
    if (!own) continue;
    result.set(row.key, newer(result.get(row.key), own));
    for (const folder of folders) {
      if (row.fullPath.startsWith(`${folder.fullPath}/`))
        result.set(folder.key, newer(result.get(folder.key), own));
    }
  }
  return result;
}

/** How deep a row sits (0 at the top level): the tree table indents by this. */
export const depthOf = (row: Pick<FileRow, 'path'>) => (row.path ? row.path.split('/').length : 0);
