import { MESSAGES } from '@shared/messages';
import type { CallerFileNode, FileAttributes } from '@shared/schemas/collaboration';
import type { FileChangeSetInput } from '../../../../api/files';
import {
  addPicked,
  cleanTag,
  folderOf,
  joinPath,
  type NewFile,
  type PickedFile,
  type UploadAction,
  uploadReducer,
} from '../../../../lib/new-files';

/**
 * The file manager's pending changes (000 §2 'Files', §4 file states): everything the user did since
 * the dialog opened, kept apart from the server's list (`base`) until one PATCH saves it all. A pure
 * reducer so that state transitions, undo and the PATCH body are testable without a DOM.
 *
 * Row keys: an existing file by its uuid; a folder (stored node or implied by file paths) by
 * `dir:<path>`; a new upload by `new:<path>`; a clone by `clone:<path>`. The helpers it shares with
 * the add-entry wizard (paths, file types, adding picks, upload steps) are in ./new-files.ts.
 */

/** FileChangeSetBody: at most 90 uploads and 20 clones per save. */
export const MAX_UPLOADS = 90;
export const MAX_CLONES = 20;
export const CLONEABLE = /\.(xls|xlsx)$/i;

export interface NewClone {
  key: string;
  fromUuid: string;
  name: string;
  path: string;
}

export interface FileChanges {
  /** The server's list when editing started (or after the last save). */
  base: CallerFileNode[];
  /** New (empty) folders, as full paths. */
  folders: string[];
  uploads: NewFile[];
  /** Uuids of stored files and folders marked for deletion. */
  remove: string[];
  /** Changed attributes of stored files, only the fields that differ from `base`. */
  update: Record<string, FileAttributes>;
  clones: NewClone[];
  /** Selected row keys (Select All, the multi-select bar). */
  selected: string[];
}

export type FileChangeAction =
  | { type: 'reset'; base: CallerFileNode[] }
  | { type: 'addFolder'; parent: string; name: string }
  | { type: 'addFiles'; files: PickedFile[] }
  | { type: 'delete'; key: string }
  | { type: 'undoDelete'; key: string }
  | { type: 'deleteSelected' }
  | { type: 'setTag'; key: string; tag: string }
  | { type: 'tagSelected'; tag: string }
  | { type: 'setMain'; key: string; main: boolean }
  | { type: 'setAttributes'; uuid: string; attributes: FileAttributes }
  | { type: 'clone'; fromUuid: string; name: string }
  | { type: 'select'; key: string; selected: boolean }
  | { type: 'selectAll'; selected: boolean }
  | UploadAction
  | { type: 'resetUploads' };

export const fullPathOf = (node: { path: string; name: string }) => joinPath(node.path, node.name);
export const folderKey = (path: string) => `dir:${path}`;
export const uploadKey = (path: string) => `new:${path}`;
export const cloneKey = (path: string) => `clone:${path}`;

/** Is `path` the folder `folder` or inside it? */
const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The server's name rule (functions/core/uploads/file-rules.ts), checked early for a clear message. */
export function nameProblem(name: string): string | undefined {
  if (!name.trim()) return 'This field is required.';
  if (name.includes('/')) return "A name cannot contain '/'.";
  if (name !== name.trim() || name === '.' || name === '..' || name.includes('\\') || CONTROL.test(name))
    return "Use a plain name without '\\', control characters, leading or trailing spaces, or '.'/'..'.";
  if (name.length > 255) return 'A name has at most 255 characters.';
  return undefined;
}

/** Every name the folder `parent` holds after the pending changes (for uniqueness checks). */
export function namesIn(state: FileChanges, parent: string): Set<string> {
  const names = new Set<string>();
  const add = (fullPath: string) => {
    if (fullPath === parent || (parent !== '' && !within(fullPath, parent))) return;
    const rest = parent ? fullPath.slice(parent.length + 1) : fullPath;
    names.add(rest.split('/')[0] ?? rest);
  };
  for (const n of state.base) if (!state.remove.includes(n.uuid)) add(fullPathOf(n));
  for (const f of state.folders) add(f);
  for (const u of state.uploads) add(u.key.slice(4));
  for (const c of state.clones) add(joinPath(c.path, c.name));
  return names;
}

export function folderNameProblem(state: FileChanges, parent: string, name: string): string | undefined {
  return (
    nameProblem(name) ??
    (namesIn(state, parent).has(name) ? `'${name}' already exists in this folder.` : undefined)
  );
}

export function cloneNameProblem(state: FileChanges, source: CallerFileNode, name: string) {
  const problem = nameProblem(name);
  if (problem) return problem;
  if (!CLONEABLE.test(name)) return 'A clone is a spreadsheet: its name ends with .xls or .xlsx.';
  if (namesIn(state, source.path).has(name)) return `'${name}' already exists in this folder.`;
  return undefined;
}

export const initialChanges = (base: CallerFileNode[] = []): FileChanges => ({
  base,
  folders: [],
  uploads: [],
  remove: [],
  update: {},
  clones: [],
  selected: [],
});

// ---------- attribute changes ----------
const ATTRIBUTE_KEYS = ['fileTag', 'cdd', 'isPrivate', 'mainFile', 'asOfDate', 'comment'] as const;

/** The stored value of an attribute, with '' standing for "not set" for the optional texts. */
function baseValue(node: CallerFileNode, key: (typeof ATTRIBUTE_KEYS)[number]): unknown {
  if (key === 'fileTag' || key === 'asOfDate' || key === 'comment') return node[key] ?? '';
  return node[key];
}

/** Merges attribute changes into `update`, keeping only the fields that differ from the stored node. */
function withAttributes(state: FileChanges, uuid: string, changes: FileAttributes): FileChanges {
  const node = state.base.find((n) => n.uuid === uuid);
  if (!node || node.folder) return state;
  const merged: FileAttributes = { ...state.update[uuid], ...changes };
  const kept: Record<string, unknown> = {};
  for (const key of ATTRIBUTE_KEYS) {
    const value = merged[key];
    if (value !== undefined && value !== baseValue(node, key)) kept[key] = value;
  }
  const update = { ...state.update };
  if (Object.keys(kept).length > 0) update[uuid] = kept as FileAttributes;
  else delete update[uuid];
  return { ...state, update };
}

/** The effective attributes of a stored file (stored values with pending changes). */
export function effectiveNode(state: FileChanges, node: CallerFileNode): CallerFileNode {
  const changes = state.update[node.uuid];
  if (!changes) return node;
  const next: CallerFileNode = { ...node, ...changes };
  for (const key of ['fileTag', 'asOfDate', 'comment'] as const) if (next[key] === '') delete next[key];
  return next;
}

// ---------- deletion ----------
/** Stored nodes a row stands for: a file itself, or a folder with everything below it. */
function storedNodesOf(state: FileChanges, key: string): CallerFileNode[] {
  if (key.startsWith('dir:')) {
    const path = key.slice(4);
    return state.base.filter((n) => within(fullPathOf(n), path));
  }
  return state.base.filter((n) => n.uuid === key);
}

function discardNew(state: FileChanges, key: string): FileChanges {
  const drop = (k: string) => k === key;
  if (key.startsWith('dir:')) {
    const path = key.slice(4);
    return {
      ...state,
      folders: state.folders.filter((f) => !within(f, path)),
      uploads: state.uploads.filter((u) => !within(u.path, path)),
      clones: state.clones.filter((c) => !within(c.path, path)),
    };
  }
  return {
    ...state,
    uploads: state.uploads.filter((u) => !drop(u.key)),
    clones: state.clones.filter((c) => !drop(c.key)),
  };
}

/**
 * Delete a row: new things (uploads, clones, new folders) simply go; stored files and folders are
 * marked for deletion until the save and can be restored with undo. Their pending attribute
 * changes are dropped, and so are the row's selections.
 */
function deleteRow(state: FileChanges, key: string): FileChanges {
  const next = discardNew(state, key);
  const stored = storedNodesOf(next, key);
  const remove = [...new Set([...next.remove, ...stored.map((n) => n.uuid)])];
  const update = { ...next.update };
  for (const n of stored) delete update[n.uuid];
  return { ...next, remove, update, selected: next.selected.filter((k) => k !== key) };
}

function undoDelete(state: FileChanges, key: string): FileChanges {
  const restored = new Set(storedNodesOf(state, key).map((n) => n.uuid));
  // Restoring a file inside a deleted folder restores the folder node too (it would take the file along).
  if (!key.startsWith('dir:')) {
    const node = state.base.find((n) => n.uuid === key);
    if (node) {
      for (const f of state.base)
        if (f.folder && within(node.path, fullPathOf(f)) && node.path) restored.add(f.uuid);
    }
  }
  return { ...state, remove: state.remove.filter((u) => !restored.has(u)) };
}

// ---------- main model file ----------
/** One main model file per entry (as in the add-entry wizard): choosing one unflags the others. */
function setMain(state: FileChanges, key: string, main: boolean): FileChanges {
  let next: FileChanges = {
    ...state,
    uploads: state.uploads.map((u) =>
      u.key === key ? { ...u, mainFile: main } : main ? { ...u, mainFile: false } : u,
    ),
  };
  for (const node of state.base) {
    if (node.folder) continue;
    const current = effectiveNode(next, node).mainFile;
    if (node.uuid === key) next = withAttributes(next, node.uuid, { mainFile: main });
    else if (main && current) next = withAttributes(next, node.uuid, { mainFile: false });
  }
  return next;
}

function setTag(state: FileChanges, key: string, raw: string): FileChanges {
  const tag = cleanTag(raw);
  if (key.startsWith('new:'))
    return {
      ...state,
      uploads: state.uploads.map((u) => (u.key === key ? { ...u, fileTag: tag || undefined } : u)),
    };
  return withAttributes(state, key, { fileTag: tag });
}

/** New uploads below their folders; the same path picked again replaces the earlier pick. */
const addFiles = (state: FileChanges, files: readonly PickedFile[]): FileChanges => ({
  ...state,
  uploads: addPicked(state.uploads, files, { keyOf: uploadKey, make: (u) => u, max: MAX_UPLOADS }),
});

function addFolder(state: FileChanges, parent: string, name: string): FileChanges {
  if (folderNameProblem(state, parent, name)) return state;
  return { ...state, folders: [...state.folders, joinPath(parent, name)] };
}

function addClone(state: FileChanges, fromUuid: string, name: string): FileChanges {
  const source = state.base.find((n) => n.uuid === fromUuid && !n.folder);
  if (!source || !CLONEABLE.test(source.name) || state.clones.length >= MAX_CLONES) return state;
  if (cloneNameProblem(state, source, name)) return state;
  const key = cloneKey(joinPath(source.path, name));
  return { ...state, clones: [...state.clones, { key, fromUuid, name, path: source.path }] };
}

export function fileChangesReducer(state: FileChanges, action: FileChangeAction): FileChanges {
  switch (action.type) {
    case 'reset':
      return initialChanges(action.base);
    case 'addFolder':
      return addFolder(state, action.parent, action.name);
    case 'addFiles':
      return addFiles(state, action.files);
    case 'delete':
      return deleteRow(state, action.key);
    case 'undoDelete':
      return undoDelete(state, action.key);
    case 'deleteSelected':
      return state.selected.reduce(deleteRow, { ...state, selected: [] });
    case 'setTag':
      return setTag(state, action.key, action.tag);
    case 'tagSelected':
      return state.selected
        .filter((k) => !k.startsWith('dir:') && !k.startsWith('clone:'))
        .reduce((s, k) => setTag(s, k, action.tag), state);
    case 'setMain':
      return setMain(state, action.key, action.main);
    case 'setAttributes':
      return withAttributes(state, action.uuid, action.attributes);
    case 'clone':
      return addClone(state, action.fromUuid, action.name);
    case 'select':
      return {
        ...state,
        selected: action.selected
          ? [...new Set([...state.selected, action.key])]
          : state.selected.filter((k) => k !== action.key),
      };
    case 'selectAll':
      return { ...state, selected: action.selected ? selectableKeys(state) : [] };
    case 'uploadStarted':
    case 'progress':
    case 'uploaded':
    case 'failed':
      return { ...state, uploads: uploadReducer(state.uploads, action) };
    case 'resetUploads':
      return {
        ...state,
        uploads: state.uploads.map(({ uploadFileId: _id, ...u }) => ({
          ...u,
          upload: 'pending',
          progress: 0,
        })),
      };
  }
}

// ---------- the view: rows and states ----------
/** The states of 000 §4 as the file manager shows them, each with a visible label. */
export type RowState =
  | 'uploaded'
  | 'notUploaded'
  | 'uploading'
  | 'uploadFailed'
  | 'parsing'
  | 'markedForDeletion'
  | 'publishedMain'
  | 'published'
  | 'newFolder'
  | 'folder'
  | 'clone';

export const ROW_STATE_LABELS: Record<RowState, string> = {
  uploaded: 'Uploaded',
  notUploaded: 'Not uploaded yet',
  uploading: 'Uploading',
  uploadFailed: 'Upload failed',
  // An uploaded body waits for the server to take it in (the save is running).
  parsing: MESSAGES.parsing,
  markedForDeletion: 'Marked for deletion',
  publishedMain: 'Published main model file',
  published: 'Published model file',
  newFolder: 'New folder',
  folder: 'Folder',
  clone: 'Clone (not saved yet)',
};

export interface FileRow {
  key: string;
  kind: 'folder' | 'file';
  name: string;
  /** Parent folder path. */
  path: string;
  fullPath: string;
  state: RowState;
  /** The stored node (with pending attribute changes) of an existing file or folder. */
  node?: CallerFileNode;
  upload?: NewFile;
  clone?: NewClone;
  fileTag?: string;
  mainFile: boolean;
  /** A stored file that a new upload of the same path and name replaces on save. */
  replacedBy?: string;
  /** A new upload that replaces a stored file. */
  replaces?: string;
}

function uploadState(u: NewFile): RowState {
  switch (u.upload) {
    case 'pending':
      return 'notUploaded';
    case 'uploading':
      return 'uploading';
    case 'uploaded':
      return 'parsing';
    case 'failed':
      return 'uploadFailed';
  }
}

/** All folder paths: stored folder nodes, new folders and every folder a file path implies. */
function folderPaths(state: FileChanges): string[] {
  const paths = new Set<string>();
  const addAncestors = (path: string) => {
    const parts = path ? path.split('/') : [];
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  };
  for (const n of state.base) {
    addAncestors(n.path);
    if (n.folder) addAncestors(fullPathOf(n));
  }
  for (const f of state.folders) addAncestors(f);
  for (const u of state.uploads) addAncestors(u.path);
  for (const c of state.clones) addAncestors(c.path);
  return [...paths];
}

/**
 * Every row of the manager, flat (the tree is built from `path`). `published` gives a published
 * entry's files their states ('Published main model file', 'Published model file').
 */
export function buildRows(state: FileChanges, published: boolean): FileRow[] {
  const rows: FileRow[] = [];
  const removed = new Set(state.remove);
  const newFolders = new Set(state.folders);
  const uploadsByPath = new Map(state.uploads.map((u) => [joinPath(u.path, u.name), u]));
  for (const path of folderPaths(state)) {
    const stored = state.base.filter((n) => within(fullPathOf(n), path));
    const node = stored.find((n) => n.folder && fullPathOf(n) === path);
    const deleted = stored.length > 0 && stored.every((n) => removed.has(n.uuid));
    const isNew = stored.length === 0 || (newFolders.has(path) && !node);
    rows.push({
      key: folderKey(path),
      kind: 'folder',
      name: path.split('/').pop() ?? path,
      path: folderOf(path),
      fullPath: path,
      state: deleted ? 'markedForDeletion' : isNew ? 'newFolder' : 'folder',
      ...(node ? { node } : {}),
      mainFile: false,
    });
  }
  for (const stored of state.base) {
    if (stored.folder) continue;
    const node = effectiveNode(state, stored);
    const fullPath = fullPathOf(node);
    const replacement = uploadsByPath.get(fullPath);
    const state_: RowState = removed.has(node.uuid)
      ? 'markedForDeletion'
      : published
        ? node.mainFile
          ? 'publishedMain'
          : 'published'
        : 'uploaded';
    rows.push({
      key: node.uuid,
      kind: 'file',
      name: node.name,
      path: node.path,
      fullPath,
      state: state_,
      node,
      ...(node.fileTag ? { fileTag: node.fileTag } : {}),
      mainFile: node.mainFile,
      ...(replacement ? { replacedBy: replacement.key } : {}),
    });
  }
  const storedByPath = new Map(
    state.base.filter((n) => !n.folder).map((n) => [fullPathOf(n), n.uuid] as const),
  );
  for (const u of state.uploads) {
    const fullPath = joinPath(u.path, u.name);
    const replaces = storedByPath.get(fullPath);
    rows.push({
      key: u.key,
      kind: 'file',
      name: u.name,
      path: u.path,
      fullPath,
      state: uploadState(u),
      upload: u,
      ...(u.fileTag ? { fileTag: u.fileTag } : {}),
      mainFile: u.mainFile,
      ...(replaces ? { replaces } : {}),
    });
  }
  for (const c of state.clones) {
    rows.push({
      key: c.key,
      kind: 'file',
      name: c.name,
      path: c.path,
      fullPath: joinPath(c.path, c.name),
      state: 'clone',
      clone: c,
      mainFile: false,
    });
  }
  return rows;
}

/** Rows Select All picks: every file row that is not marked for deletion. */
export function selectableKeys(state: FileChanges): string[] {
  return buildRows(state, false)
    .filter((r) => r.kind === 'file' && r.state !== 'markedForDeletion' && !r.clone)
    .map((r) => r.key);
}

export const hasChanges = (s: FileChanges) =>
  s.folders.length + s.uploads.length + s.remove.length + Object.keys(s.update).length + s.clones.length > 0;

/** How many items the save processes ('Processing files x/y'). */
export const changeCount = (s: FileChanges) =>
  s.folders.length +
  s.uploads.length +
  topRemovals(s).length +
  Object.keys(s.update).length +
  s.clones.length;

/** Removals without the content of removed folders (a folder takes its content along). */
export function topRemovals(state: FileChanges): CallerFileNode[] {
  const removed = state.base.filter((n) => state.remove.includes(n.uuid));
  const removedFolders = removed.filter((n) => n.folder).map(fullPathOf);
  return removed.filter((n) => !removedFolders.some((f) => f !== fullPathOf(n) && within(n.path, f)));
}

/**
 * The PATCH body of one save. Uploads must have their `uploadFileId` (from the ticket `uploadId`);
 * updates of removed files are left out (they go anyway).
 */
export function buildChangeSet(state: FileChanges, rev: number | undefined, uploadId?: string) {
  const removed = new Set(state.remove);
  const body: FileChangeSetInput = {
    ...(rev === undefined ? {} : { rev }),
    ...(uploadId && state.uploads.length > 0 ? { uploadId } : {}),
    folders: [...state.folders],
    add: state.uploads.map((u) => ({
      uploadFileId: u.uploadFileId ?? '',
      name: u.name,
      path: u.path,
      ...(u.fileTag ? { fileTag: u.fileTag } : {}),
      mainFile: u.mainFile,
    })),
    remove: topRemovals(state).map((n) => n.uuid),
    update: Object.entries(state.update)
      .filter(([uuid]) => !removed.has(uuid))
      .map(([uuid, attributes]) => ({ uuid, ...attributes })),
    clone: state.clones.map((c) => ({ fromUuid: c.fromUuid, name: c.name })),
  };
  return body;
}

/**
 * A published entry keeps its main model file (000 §5; the server's refusals are in
 * functions/core/files/file-messages.ts): it cannot be removed, nor can a folder holding it, and
 * no file can become or stop being the main model file. The file manager disables these actions
 * and says why, instead of failing at Save.
 */
export const PUBLISHED_MAIN_STAYS = 'The main model file of a published model entry cannot be removed.';
export const PUBLISHED_MAIN_FOLDER_STAYS =
  'This folder holds the main model file of a published model entry: it cannot be removed.';
export const PUBLISHED_MAIN_FIXED = 'The main model file of a published model entry cannot be changed.';

/** Keys of the stored rows a published entry keeps: its main model file and every folder above it. */
export function publishedMainKeys(rows: readonly FileRow[]): Set<string> {
  const mains = rows.filter((r) => r.kind === 'file' && r.node && !r.node.folder && r.node.mainFile);
  const keys = new Set(mains.map((r) => r.key));
  for (const r of rows) {
    if (r.kind === 'folder' && mains.some((m) => m.fullPath.startsWith(`${r.fullPath}/`))) keys.add(r.key);
  }
  return keys;
}

/** Pre-warnings for a published entry (000 §5); the server decides and refuses with its own texts. */
export function publishedWarnings(state: FileChanges): string[] {
  const warnings: string[] = [];
  const mainPaths = new Set(state.base.filter((n) => n.mainFile && !n.folder).map(fullPathOf));
  for (const u of state.uploads) {
    const fullPath = joinPath(u.path, u.name);
    if (mainPaths.has(fullPath))
      warnings.push(`${u.name}: the main model file of a published model entry cannot be replaced.`);
    else if (u.mainFile)
      warnings.push(`${u.name}: a published model entry cannot get a new main model file.`);
  }
  return warnings;
}

/**
 * Stored files whose content the save changes: those marked for deletion (a removed folder's files
 * included) and those a new upload of the same path and name replaces. Attribute changes (file type,
 * comment, flags) leave what a model runs as it was. The Files dialog's step 2 pre-selects the
 * sub-models that execute one of these (001 §4 'Outdated').
 */
export function changedFileUuids(state: FileChanges): Set<string> {
  const changed = new Set<string>();
  const uploadPaths = new Set(state.uploads.map((u) => joinPath(u.path, u.name)));
  for (const n of state.base) {
    if (n.folder) continue;
    if (state.remove.includes(n.uuid) || uploadPaths.has(fullPathOf(n))) changed.add(n.uuid);
  }
  return changed;
}
