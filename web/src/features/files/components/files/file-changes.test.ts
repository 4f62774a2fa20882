import type { CallerFileNode } from '@shared/schemas/collaboration';
import { describe, expect, it } from 'vitest';
import {
  buildChangeSet,
  buildRows,
  changeCount,
  changedFileUuids,
  type FileChangeAction,
  type FileChanges,
  fileChangesReducer,
  folderNameProblem,
  hasChanges,
  initialChanges,
  publishedWarnings,
  ROW_STATE_LABELS,
} from './file-changes';

const node = (over: Partial<CallerFileNode> & Pick<CallerFileNode, 'uuid' | 'name'>): CallerFileNode => ({
  path: '',
  folder: false,
  mainFile: false,
  owner: { id: 'olivia', firstName: 'Olivia', lastName: 'Owner' },
  isPrivate: false,
  cdd: 'No',
  createdOn: '2025-01-02T10:00:00.000Z',
  updatedOn: '2025-01-02T10:00:00.000Z',
  updatedBy: 'olivia',
  ...over,
});

const MAIN = '11111111-1111-4111-8111-000000000001';
const README = '11111111-1111-4111-8111-000000000002';
const DOCS = '11111111-1111-4111-8111-000000000003';
const GUIDE = '11111111-1111-4111-8111-000000000004';
const NOTES = '11111111-1111-4111-8111-000000000005';

const base = (): CallerFileNode[] => [
  node({ uuid: MAIN, name: 'model.xlsx', mainFile: true, fileTag: 'Model' }),
  node({ uuid: README, name: 'readme.txt' }),
  node({ uuid: DOCS, name: 'docs', folder: true }),
  node({ uuid: GUIDE, name: 'guide.pdf', path: 'docs' }),
  node({ uuid: NOTES, name: 'notes.pdf', path: 'docs' }),
];

const run = (...actions: FileChangeAction[]): FileChanges =>
  actions.reduce(fileChangesReducer, initialChanges(base()));

const file = (name: string, body = 'x') => new File([body], name, { type: 'text/plain' });
const stateOf = (s: FileChanges, key: string, published = false) =>
  buildRows(s, published).find((r) => r.key === key)?.state;

describe('file change set (000 §4 file states)', () => {
  it('starts without changes', () => {
    const s = run();
    expect(hasChanges(s)).toBe(false);
    expect(buildRows(s, false).map((r) => r.fullPath)).toEqual([
      'docs',
      'model.xlsx',
      'readme.txt',
      'docs/guide.pdf',
      'docs/notes.pdf',
    ]);
  });

  it('marks a stored file for deletion and restores it with undo', () => {
    const marked = run({ type: 'delete', key: README });
    expect(stateOf(marked, README)).toBe('markedForDeletion');
    expect(ROW_STATE_LABELS.markedForDeletion).toBe('Marked for deletion');
    expect(buildChangeSet(marked, 3).remove).toEqual([README]);

    const undone = fileChangesReducer(marked, { type: 'undoDelete', key: README });
    expect(stateOf(undone, README)).toBe('uploaded');
    expect(hasChanges(undone)).toBe(false);
  });

  it('removes a file that is not uploaded yet at once, without a removal', () => {
    const added = run({ type: 'addFiles', files: [{ file: file('b.csv'), path: '' }] });
    expect(stateOf(added, 'new:b.csv')).toBe('notUploaded');
    expect(ROW_STATE_LABELS.notUploaded).toBe('Not uploaded yet');
    const removed = fileChangesReducer(added, { type: 'delete', key: 'new:b.csv' });
    expect(removed.uploads).toEqual([]);
    expect(removed.remove).toEqual([]);
    expect(hasChanges(removed)).toBe(false);
  });

  it('sends only the folder when a folder goes with its content, and the rest after undoing one file', () => {
    const folder = run({ type: 'delete', key: 'dir:docs' });
    expect(stateOf(folder, 'dir:docs')).toBe('markedForDeletion');
    expect(stateOf(folder, GUIDE)).toBe('markedForDeletion');
    expect(buildChangeSet(folder, 3).remove).toEqual([DOCS]);

    // Keeping one file keeps its folder: the other file is removed on its own.
    const keepGuide = fileChangesReducer(folder, { type: 'undoDelete', key: GUIDE });
    expect(stateOf(keepGuide, GUIDE)).toBe('uploaded');
    expect(buildChangeSet(keepGuide, 3).remove).toEqual([NOTES]);
  });

  it('takes letters only and at most 25 for a file type, and drops a change back to the stored type', () => {
    const tagged = run({ type: 'setTag', key: README, tag: 'Read-me 2 Notes' });
    expect(buildChangeSet(tagged, 3).update).toEqual([{ uuid: README, fileTag: 'ReadmeNotes' }]);
    const long = run({ type: 'setTag', key: README, tag: 'a'.repeat(40) });
    expect(long.update[README]?.fileTag).toHaveLength(25);
    const back = fileChangesReducer(run({ type: 'setTag', key: MAIN, tag: 'Report' }), {
      type: 'setTag',
      key: MAIN,
      tag: 'Model',
    });
    expect(back.update).toEqual({});
    // Clearing a stored type sends '' (the schema's way to clear it).
    expect(buildChangeSet(run({ type: 'setTag', key: MAIN, tag: '' }), 3).update).toEqual([
      { uuid: MAIN, fileTag: '' },
    ]);
  });

  it('keeps one main model file: a new main file unflags the stored one', () => {
    const s = run(
      { type: 'addFiles', files: [{ file: file('model2.xlsx'), path: '' }] },
      { type: 'setMain', key: 'new:model2.xlsx', main: true },
    );
    const body = buildChangeSet(s, 3);
    expect(body.update).toEqual([{ uuid: MAIN, mainFile: false }]);
    expect(body.add).toEqual([{ uploadFileId: '', name: 'model2.xlsx', path: '', mainFile: true }]);
    expect(
      buildRows(s, false)
        .filter((r) => r.mainFile)
        .map((r) => r.name),
    ).toEqual(['model2.xlsx']);
  });

  it('creates folders with plain, unique names only', () => {
    const s = run(
      { type: 'addFolder', parent: '', name: 'data' },
      { type: 'addFolder', parent: 'data', name: 'raw' },
      { type: 'addFolder', parent: '', name: 'a/b' },
      { type: 'addFolder', parent: '', name: 'docs' },
    );
    expect(s.folders).toEqual(['data', 'data/raw']);
    expect(folderNameProblem(s, '', 'a/b')).toBe("A name cannot contain '/'.");
    expect(folderNameProblem(s, '', 'docs')).toBe("'docs' already exists in this folder.");
    expect(folderNameProblem(s, '', ' ')).toBe('This field is required.');
    expect(stateOf(s, 'dir:data/raw')).toBe('newFolder');
    expect(buildChangeSet(s, 3).folders).toEqual(['data', 'data/raw']);
  });

  it('clones spreadsheets only, under a new unique spreadsheet name', () => {
    const s = run(
      { type: 'clone', fromUuid: MAIN, name: 'Copy of model.xlsx' },
      { type: 'clone', fromUuid: README, name: 'Copy of readme.txt' },
      { type: 'clone', fromUuid: MAIN, name: 'readme.txt' },
      { type: 'clone', fromUuid: MAIN, name: 'Copy of model.xlsx' },
    );
    expect(buildChangeSet(s, 3).clone).toEqual([{ fromUuid: MAIN, name: 'Copy of model.xlsx' }]);
    expect(stateOf(s, 'clone:Copy of model.xlsx')).toBe('clone');
  });

  it('selects every file with Select All, tags and deletes the selection', () => {
    const selected = run(
      { type: 'addFiles', files: [{ file: file('b.csv'), path: 'docs' }] },
      { type: 'delete', key: README },
      { type: 'selectAll', selected: true },
    );
    expect(selected.selected.sort()).toEqual([GUIDE, MAIN, NOTES, 'new:docs/b.csv'].sort());
    const tagged = fileChangesReducer(selected, { type: 'tagSelected', tag: 'Data' });
    expect(tagged.uploads[0]?.fileTag).toBe('Data');
    expect(tagged.update[GUIDE]).toEqual({ fileTag: 'Data' });
    const deleted = fileChangesReducer(tagged, { type: 'deleteSelected' });
    expect(deleted.selected).toEqual([]);
    expect(deleted.uploads).toEqual([]);
    expect(deleted.remove.sort()).toEqual([GUIDE, MAIN, NOTES, README].sort());
    // Updates of files that go are not sent.
    expect(buildChangeSet(deleted, 3).update).toEqual([]);
  });

  it('builds one PATCH body with the ticket, the rev and every kind of change', () => {
    let s = run(
      { type: 'addFolder', parent: '', name: 'results' },
      { type: 'addFiles', files: [{ file: file('out.csv'), path: 'results' }] },
      { type: 'setTag', key: 'new:results/out.csv', tag: 'Output' },
      { type: 'delete', key: README },
      { type: 'setAttributes', uuid: GUIDE, attributes: { asOfDate: '2024-06-30', isPrivate: true } },
      { type: 'clone', fromUuid: MAIN, name: 'model v2.xlsx' },
    );
    s = fileChangesReducer(s, { type: 'uploadStarted', ids: { 'new:results/out.csv': 'up-1' } });
    expect(changeCount(s)).toBe(5);
    expect(buildChangeSet(s, 7, 'ticket-1')).toEqual({
      rev: 7,
      uploadId: 'ticket-1',
      folders: ['results'],
      add: [{ uploadFileId: 'up-1', name: 'out.csv', path: 'results', fileTag: 'Output', mainFile: false }],
      remove: [README],
      update: [{ uuid: GUIDE, isPrivate: true, asOfDate: '2024-06-30' }],
      clone: [{ fromUuid: MAIN, name: 'model v2.xlsx' }],
    });
  });

  it('follows an upload through its states and starts again after a failed save', () => {
    let s = run({ type: 'addFiles', files: [{ file: file('b.csv'), path: '' }] });
    s = fileChangesReducer(s, { type: 'uploadStarted', ids: { 'new:b.csv': 'up-1' } });
    s = fileChangesReducer(s, { type: 'progress', key: 'new:b.csv', progress: 42.4 });
    expect(s.uploads[0]).toMatchObject({ upload: 'uploading', progress: 42 });
    s = fileChangesReducer(s, { type: 'uploaded', key: 'new:b.csv' });
    expect(stateOf(s, 'new:b.csv')).toBe('parsing');
    expect(ROW_STATE_LABELS.parsing).toBe('Parsing...');
    s = fileChangesReducer(s, { type: 'resetUploads' });
    expect(s.uploads[0]).toMatchObject({ upload: 'pending', progress: 0 });
    expect(s.uploads[0]?.uploadFileId).toBeUndefined();
  });

  it('labels the files of a published entry and pre-warns about replacing its main file', () => {
    const s = run({ type: 'addFiles', files: [{ file: file('model.xlsx'), path: '' }] });
    expect(stateOf(s, MAIN, true)).toBe('publishedMain');
    expect(stateOf(s, README, true)).toBe('published');
    expect(ROW_STATE_LABELS.publishedMain).toBe('Published main model file');
    expect(buildRows(s, true).find((r) => r.key === 'new:model.xlsx')?.replaces).toBe(MAIN);
    expect(publishedWarnings(s)).toEqual([
      'model.xlsx: the main model file of a published model entry cannot be replaced.',
    ]);
  });

  it('replaces an earlier pick of the same file and keeps its type', () => {
    const s = run(
      { type: 'addFiles', files: [{ file: file('b.csv', 'one'), path: '' }] },
      { type: 'setTag', key: 'new:b.csv', tag: 'Data' },
      { type: 'addFiles', files: [{ file: file('b.csv', 'second'), path: '' }] },
    );
    expect(s.uploads).toHaveLength(1);
    expect(s.uploads[0]).toMatchObject({ fileTag: 'Data', size: 6 });
  });
});

describe('changedFileUuids (the Files dialog step 2 pre-selection)', () => {
  it('names the files removed, those inside a removed folder and those replaced by an upload', () => {
    const s = run(
      { type: 'delete', key: README },
      { type: 'delete', key: 'dir:docs' },
      { type: 'addFiles', files: [{ file: file('model.xlsx'), path: '' }] },
    );
    expect([...changedFileUuids(s)].sort()).toEqual([MAIN, README, GUIDE, NOTES].sort());
  });

  it('leaves out attribute changes, new files and clones', () => {
    const s = run(
      { type: 'setTag', key: README, tag: 'Data' },
      { type: 'setAttributes', uuid: MAIN, attributes: { comment: 'checked' } },
      { type: 'addFiles', files: [{ file: file('new.py'), path: '' }] },
      { type: 'clone', fromUuid: MAIN, name: 'copy.xlsx' },
    );
    expect(hasChanges(s)).toBe(true);
    expect(changedFileUuids(s).size).toBe(0);
  });

  it('forgets a deletion that was undone', () => {
    const s = run({ type: 'delete', key: README }, { type: 'undoDelete', key: README });
    expect(changedFileUuids(s).size).toBe(0);
  });
});
