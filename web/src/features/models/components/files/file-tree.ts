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
