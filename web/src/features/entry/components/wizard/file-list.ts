import {
  addPicked,
  cleanTag,
  fileTypeChoices,
  type NewFile,
  type PickedFile,
  type UploadAction,
  uploadReducer,
} from '../../../../lib/new-files';

/**
 * The wizard's file list (000 §2 "Upload of files", §4 file states, §5 file type tag). A reducer so
 * that the behaviours (add, delete, select, tag, main flag, upload progress) are testable without a DOM.
 */
/** CreateModelBody allows at most 90 files per entry. */
export const MAX_FILES = 90;

export interface WizardFile extends NewFile {
  selected: boolean;
}

export type FileAction =
  | { type: 'add'; files: PickedFile[] }
  | { type: 'remove'; key: string }
  | { type: 'select'; key: string; selected: boolean }
  | { type: 'selectAll'; selected: boolean }
  | { type: 'tagSelected'; tag: string }
  | { type: 'tag'; key: string; tag: string }
  | { type: 'main'; key: string; main: boolean }
  | UploadAction;

export function fileListReducer(list: WizardFile[], action: FileAction): WizardFile[] {
  switch (action.type) {
    case 'add':
      return addPicked(list, action.files, {
        // A file's key is its full path inside the entry.
        keyOf: (fullPath) => fullPath,
        make: (f) => ({ ...f, selected: false }),
        max: MAX_FILES,
      });
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
    default:
      return uploadReducer(list, action);
  }
}

export const selectedFiles = (list: readonly WizardFile[]) => list.filter((f) => f.selected);
/** The multi-select bar with the file-type chooser appears when more than one file is selected. */
export const showTypeChooser = (list: readonly WizardFile[]) => selectedFiles(list).length > 1;
export const isUploading = (list: readonly WizardFile[]) => list.some((f) => f.upload === 'uploading');
export const hasFailedUpload = (list: readonly WizardFile[]) => list.some((f) => f.upload === 'failed');
export const allUploaded = (list: readonly WizardFile[]) => list.every((f) => f.upload === 'uploaded');

/** Tags to offer: the option list's file types plus tags typed in this session. */
export const tagChoices = (
  known: readonly string[],
  list: readonly Pick<WizardFile, 'fileTag'>[],
  typed: string,
) => fileTypeChoices([...known, ...list.map((f) => f.fileTag ?? '')], typed);
