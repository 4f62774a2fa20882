/**
 * The wizard's file list (000 §2 "Upload of files", §4 file states, §5 file type tag). A reducer so
 * that the behaviours (add, delete, select, tag, main flag, upload progress) are testable without a DOM.
 */
export const FILE_TAG_MAX = 25;
export const FILE_TAG_PATTERN = /^[A-Za-z]*$/;
/** CreateModelBody allows at most 90 files per entry. */
export const MAX_FILES = 90;

export type UploadState = 'pending' | 'uploading' | 'uploaded' | 'failed';

export interface WizardFile {
  key: string;
  file: File;
  name: string;
  /** Folder inside the entry ('' for the root), from a folder pick. */
  path: string;
  size: number;
  fileTag?: string;
  mainFile: boolean;
  selected: boolean;
  upload: UploadState;
  /** 0..100 */
  progress: number;
  uploadFileId?: string;
}

export type FileAction =
  | { type: 'add'; files: { file: File; path: string }[] }
  | { type: 'remove'; key: string }
  | { type: 'select'; key: string; selected: boolean }
  | { type: 'selectAll'; selected: boolean }
  | { type: 'tagSelected'; tag: string }
  | { type: 'tag'; key: string; tag: string }
  | { type: 'main'; key: string; main: boolean }
  | { type: 'uploadStarted'; ids: Record<string, string> }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string }
  | { type: 'failed'; key: string };

export const fileKey = (path: string, name: string) => (path ? `${path}/${name}` : name);

/** Letters only, at most 25 (000 §5): other characters are dropped as typed. */
export const cleanTag = (tag: string) => tag.replace(/[^A-Za-z]/g, '').slice(0, FILE_TAG_MAX);

/** The folder part of a folder pick's relative path ('models/a/b.xlsx' → 'models/a'). */
export const folderOf = (relativePath: string | undefined) => {
  if (!relativePath) return '';
  const cut = relativePath.lastIndexOf('/');
  return cut > 0 ? relativePath.slice(0, cut) : '';
};

export function fileListReducer(list: WizardFile[], action: FileAction): WizardFile[] {
  switch (action.type) {
    case 'add': {
      const next = [...list];
      for (const { file, path } of action.files) {
        const key = fileKey(path, file.name);
        const entry: WizardFile = {
          key,
          file,
          name: file.name,
          path,
          size: file.size,
          mainFile: false,
          selected: false,
          upload: 'pending',
          progress: 0,
        };
        // The same file picked again replaces the earlier one (and must be uploaded again).
        const at = next.findIndex((f) => f.key === key);
        if (at >= 0)
          next[at] = { ...entry, fileTag: next[at]?.fileTag, mainFile: next[at]?.mainFile ?? false };
        else if (next.length < MAX_FILES) next.push(entry);
      }
      return next;
    }
    case 'remove':
      return list.filter((f) => f.key !== action.key);
    case 'select':
      return list.map((f) => (f.key === action.key ? { ...f, selected: action.selected } : f));
    case 'selectAll':
      return list.map((f) => ({ ...f, selected: action.selected }));
    case 'tagSelected': {
      const tag = cleanTag(action.tag);
      return list.map((f) => (f.selected ? { ...f, fileTag: tag || undefined } : f));
    }
    case 'tag': {
      const tag = cleanTag(action.tag);
      return list.map((f) => (f.key === action.key ? { ...f, fileTag: tag || undefined } : f));
    }
    case 'main':
      // One main model file per entry.
      return list.map((f) => ({
        ...f,
        mainFile: f.key === action.key ? action.main : action.main ? false : f.mainFile,
      }));
    case 'uploadStarted':
      return list.map((f) => {
        const id = action.ids[f.key];
        return id ? { ...f, uploadFileId: id, upload: 'uploading', progress: 0 } : f;
      });
    case 'progress':
      return list.map((f) =>
        f.key === action.key ? { ...f, progress: Math.min(100, Math.max(0, action.progress)) } : f,
      );
    case 'uploaded':
      return list.map((f) => (f.key === action.key ? { ...f, upload: 'uploaded', progress: 100 } : f));
    case 'failed':
      return list.map((f) => (f.key === action.key ? { ...f, upload: 'failed' } : f));
  }
}

export const selectedFiles = (list: readonly WizardFile[]) => list.filter((f) => f.selected);
/** The multi-select bar with the file-type chooser appears when more than one file is selected. */
export const showTypeChooser = (list: readonly WizardFile[]) => selectedFiles(list).length > 1;
export const isUploading = (list: readonly WizardFile[]) => list.some((f) => f.upload === 'uploading');
export const hasFailedUpload = (list: readonly WizardFile[]) => list.some((f) => f.upload === 'failed');
export const allUploaded = (list: readonly WizardFile[]) => list.every((f) => f.upload === 'uploaded');

/** Tags to offer: the option list's file types plus tags typed in this session. */
export function tagChoices(known: readonly string[], list: readonly WizardFile[], typed: string) {
  const all = [...new Set([...known, ...list.map((f) => f.fileTag).filter((t): t is string => !!t)])];
  const q = cleanTag(typed).toLowerCase();
  const matches = all.filter((t) => t.toLowerCase().includes(q)).sort((a, b) => a.localeCompare(b));
  const exact = all.some((t) => t.toLowerCase() === q);
  return { matches, createNew: q && !exact ? cleanTag(typed) : undefined };
}

export const formatSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};
