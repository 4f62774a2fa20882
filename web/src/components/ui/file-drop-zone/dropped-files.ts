import { folderOf, joinPath, type PickedFile } from '../../../lib/new-files';

/** Files of an `<input type=file>` (a folder pick carries `webkitRelativePath`) below `target`. */
export function pickedFiles(list: FileList | readonly File[] | null, target: string): PickedFile[] {
  if (!list) return [];
  return Array.from(list).map((file) => {
    const folder = folderOf(file.webkitRelativePath);
    // A plain pick (no relative path) goes straight into the target, not into 'target/'.
    return { file, path: folder ? joinPath(target, folder) : target };
  });
}

const readEntries = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Walks a dropped entry: files keep the folders they were dropped in. */
async function walk(entry: FileSystemEntry, path: string, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await fileOf(entry as FileSystemFileEntry), path });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const folder = joinPath(path, entry.name);
  // readEntries answers in batches until it answers an empty one.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, folder, out);
  }
}

/**
 * Dropped files and folders below `target`. Browsers give folders only through
 * `webkitGetAsEntry`; without it (or when it fails) the plain file list is used.
 */
export async function droppedFiles(data: DataTransfer, target: string): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((e): e is FileSystemEntry => Boolean(e));
  if (entries.length === 0) return pickedFiles(data.files, target);
  try {
    const out: PickedFile[] = [];
    for (const entry of entries) await walk(entry, target, out);
    return out;
  } catch {
    return pickedFiles(data.files, target);
  }
}
