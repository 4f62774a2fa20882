/**
 * What the add-entry wizard's file list (wizard/file-list.ts) and the file manager's pending changes
 * (files/file-changes.ts) both do with new files: paths, the file type rule (000 §5), adding picks and
 * following their uploads. Pure, so both reducers stay testable without a DOM.
 */
export const FILE_TAG_MAX = 25;
const MAX_TAG_SUGGESTIONS = 8;

export type UploadState = 'pending' | 'uploading' | 'uploaded' | 'failed';

/** A picked file that is not stored yet. */
export interface NewFile {
  key: string;
  file: File;
  name: string;
  /** Folder inside the entry ('' for the root). */
  path: string;
  size: number;
  fileTag?: string;
  mainFile: boolean;
  upload: UploadState;
  /** 0..100 */
  progress: number;
  uploadFileId?: string;
}

/** A file from a pick or a drop, with the folder it goes to. */
export interface PickedFile {
  file: File;
  /** Folder inside the entry ('' for the root). */
  path: string;
}

/** The upload steps both lists follow (upload-files.ts, save-files.ts dispatch them). */
export type UploadAction =
  | { type: 'uploadStarted'; ids: Record<string, string> }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string }
  | { type: 'failed'; key: string };

export const joinPath = (path: string, name: string) => (path ? `${path}/${name}` : name);

/** The folder part of a folder pick's relative path ('models/a/b.xlsx' → 'models/a'). */
export const folderOf = (relativePath: string | undefined) => {
  if (!relativePath) return '';
  const cut = relativePath.lastIndexOf('/');
  return cut > 0 ? relativePath.slice(0, cut) : '';
};

/** Letters only, at most 25 (000 §5): other characters are dropped as typed or pasted. */
export const cleanTag = (tag: string) => tag.replace(/[^A-Za-z]/g, '').slice(0, FILE_TAG_MAX);

/**
 * The suggestions for a typed file type: known types containing the text (case-insensitive), and
 * the typed text itself as a new type when no known type equals it (000 §5 '(Create New)').
 */
export function fileTypeChoices(known: readonly string[], typed: string) {
  const q = cleanTag(typed).toLowerCase();
  const all = [...new Set(known.filter(Boolean))];
  const matches = all
    .filter((t) => t.toLowerCase().includes(q))
    .sort((a, b) => a.localeCompare(b, 'en'))
    .slice(0, MAX_TAG_SUGGESTIONS);
  const exact = all.some((t) => t.toLowerCase() === q);
  return { matches, createNew: q && !exact ? cleanTag(typed) : undefined };
}

/**
 * Adds picked files to a list of new files. The same path picked again replaces the earlier pick
 * (which keeps its file type and main flag and must be uploaded again); beyond `max` new paths are
 * left out.
 *
 * @param keyOf the row key of a full path
 * @param make the list's entry for a new file (e.g. with the wizard's selection flag)
 */
export function addPicked<T extends NewFile>(
  list: readonly T[],
  picked: readonly PickedFile[],
  { keyOf, make, max }: { keyOf: (fullPath: string) => string; make: (file: NewFile) => T; max: number },
): T[] {
  const next = [...list];
  for (const { file, path } of picked) {
    const key = keyOf(joinPath(path, file.name));
    const entry = make({
      key,
      file,
      name: file.name,
      path,
      size: file.size,
      mainFile: false,
      upload: 'pending',
      progress: 0,
    });
    const at = next.findIndex((f) => f.key === key);
    const earlier = next[at];
    if (earlier) next[at] = { ...entry, fileTag: earlier.fileTag, mainFile: earlier.mainFile };
    else if (next.length < max) next.push(entry);
  }
  return next;
}

const mapKey = <T extends NewFile>(list: readonly T[], key: string, change: (f: T) => T) =>
  list.map((f) => (f.key === key ? change(f) : f));

/** One upload step applied to a list of new files. */
export function uploadReducer<T extends NewFile>(list: readonly T[], action: UploadAction): T[] {
  switch (action.type) {
    case 'uploadStarted':
      return list.map((f) => {
        const id = action.ids[f.key];
        return id ? { ...f, uploadFileId: id, upload: 'uploading', progress: 0 } : f;
      });
    case 'progress':
      return mapKey(list, action.key, (f) => ({
        ...f,
        progress: Math.min(100, Math.max(0, Math.round(action.progress))),
      }));
    case 'uploaded':
      return mapKey(list, action.key, (f) => ({ ...f, upload: 'uploaded', progress: 100 }));
    case 'failed':
      return mapKey(list, action.key, (f) => ({ ...f, upload: 'failed' }));
  }
}
